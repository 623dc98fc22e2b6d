// y (bf16) = x * W^T for 8 tokens: x 8 x 4096, W stored 4096 x 4096
// (nn.Linear's weight), beta = 0. Shared by test/Pipelines; not a test.
func.func @matmul(%A: memref<8x4096xbf16>, %B: memref<4096x4096xbf16>, %C: memref<8x4096xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<8x4096xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<8x4096xbf16>, memref<4096x4096xbf16>) outs(%C : memref<8x4096xbf16>)
  return
}
