// C = A * B with f32 inputs, M = N = K = 2048, C zeroed by a linalg.fill
// (beta = 0). Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2048x2048xf32>)
  linalg.matmul ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>)
                outs(%C : memref<2048x2048xf32>)
  return
}
