// C (f32) = A * B with f16 inputs, M = 1000, N = 1000, K = 1024, C zeroed by a
// linalg.fill (beta = 0): rows 16-byte aligned, M and N ragged. Shared by
// test/Pipelines; not a test itself.
func.func @matmul(%A: memref<1000x1024xf16>, %B: memref<1024x1000xf16>, %C: memref<1000x1000xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<1000x1000xf32>)
  linalg.matmul ins(%A, %B : memref<1000x1024xf16>, memref<1024x1000xf16>)
                outs(%C : memref<1000x1000xf32>)
  return
}
