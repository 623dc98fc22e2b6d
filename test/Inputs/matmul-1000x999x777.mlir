// C += A * B with M = 1000, N = 999, K = 777 (ragged: no dimension is a
// multiple of 32), memref form, accumulating (beta = 1).
// Shared by test/Pipelines and test/Target; not a test itself.
func.func @matmul(%A: memref<1000x777xf32>, %B: memref<777x999xf32>, %C: memref<1000x999xf32>) {
  linalg.matmul ins(%A, %B : memref<1000x777xf32>, memref<777x999xf32>)
                outs(%C : memref<1000x999xf32>)
  return
}
