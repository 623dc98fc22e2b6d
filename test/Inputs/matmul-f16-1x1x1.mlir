// C (f32) = A * B with f16 inputs, M = 1, N = 1, K = 1, C zeroed by a
// linalg.fill (beta = 0). Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<1x1xf16>, %B: memref<1x1xf16>, %C: memref<1x1xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<1x1xf32>)
  linalg.matmul ins(%A, %B : memref<1x1xf16>, memref<1x1xf16>)
                outs(%C : memref<1x1xf32>)
  return
}
