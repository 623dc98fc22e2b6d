// C (f32) = A * B per batch entry with f16 inputs: linalg.batch_matmul of
// 3 entries, M = 1000, N = 999, K = 777 (no row of A, B or C 16-byte
// aligned in f16, edge tiles everywhere), C zeroed by a linalg.fill
// (beta = 0). Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<3x1000x777xf16>, %B: memref<3x777x999xf16>, %C: memref<3x1000x999xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x1000x999xf32>)
  linalg.batch_matmul ins(%A, %B : memref<3x1000x777xf16>, memref<3x777x999xf16>) outs(%C : memref<3x1000x999xf32>)
  return
}
