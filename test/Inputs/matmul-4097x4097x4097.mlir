// C += A * B with M = N = K = 4097: row strides not a multiple of 4 elements
// (no 128-bit access is provably aligned) and one partial tile in every
// dimension, memref form, accumulating (beta = 1).
// Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<4097x4097xf32>, %B: memref<4097x4097xf32>, %C: memref<4097x4097xf32>) {
  linalg.matmul ins(%A, %B : memref<4097x4097xf32>, memref<4097x4097xf32>)
                outs(%C : memref<4097x4097xf32>)
  return
}
