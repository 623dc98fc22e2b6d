// C (f32) = A * B with bf16 inputs, M = 17, N = 33, K = 65, C zeroed by a
// linalg.fill (beta = 0). Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<17x65xbf16>, %B: memref<65x33xbf16>, %C: memref<17x33xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<17x33xf32>)
  linalg.matmul ins(%A, %B : memref<17x65xbf16>, memref<65x33xbf16>)
                outs(%C : memref<17x33xf32>)
  return
}
