// C (f32) = A * B^T with bf16 inputs, B stored N x K (nn.Linear's weight),
// M = 1000, N = 999, K = 777, C zeroed by a linalg.fill (beta = 0). Shared
// by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<1000x777xbf16>, %B: memref<999x777xbf16>, %C: memref<1000x999xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<1000x999xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<1000x777xbf16>, memref<999x777xbf16>) outs(%C : memref<1000x999xf32>)
  return
}
