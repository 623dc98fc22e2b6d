// C (f32) = A * B with f16 inputs, M = 1000, N = 999, K = 777, C zeroed by a
// linalg.fill (beta = 0). Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<1000x777xf16>, %B: memref<777x999xf16>, %C: memref<1000x999xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<1000x999xf32>)
  linalg.matmul ins(%A, %B : memref<1000x777xf16>, memref<777x999xf16>)
                outs(%C : memref<1000x999xf32>)
  return
}
