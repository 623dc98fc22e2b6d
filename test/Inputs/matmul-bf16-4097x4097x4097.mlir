// C (f32) = A * B with bf16 inputs, M = 4097, N = 4097, K = 4097, C zeroed by a
// linalg.fill (beta = 0). Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<4097x4097xbf16>, %B: memref<4097x4097xbf16>, %C: memref<4097x4097xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<4097x4097xf32>)
  linalg.matmul ins(%A, %B : memref<4097x4097xbf16>, memref<4097x4097xbf16>)
                outs(%C : memref<4097x4097xf32>)
  return
}
