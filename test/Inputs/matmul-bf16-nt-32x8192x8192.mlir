// C = A * B^T with M = 32, N = K = 8192, bf16 (B stored N x K, nn.Linear's
// weight): 32 tokens through a 8192-wide layer. Shared by test/Transforms
// and scripts/ptx-snapshot.sh; not a test itself.
func.func @matmul(%A: memref<32x8192xbf16>, %B: memref<8192x8192xbf16>, %C: memref<32x8192xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<32x8192xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<32x8192xbf16>, memref<8192x8192xbf16>) outs(%C : memref<32x8192xbf16>)
  return
}
