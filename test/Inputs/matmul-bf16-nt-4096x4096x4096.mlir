// C (bf16) = A * B^T with bf16 inputs, B stored N x K, 4096^3, written as
// linalg.contract (beta = 0). Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<4096x4096xbf16>, %B: memref<4096x4096xbf16>, %C: memref<4096x4096xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<4096x4096xbf16>)
  linalg.contract indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<4096x4096xbf16>, memref<4096x4096xbf16>) outs(%C : memref<4096x4096xbf16>)
  return
}
