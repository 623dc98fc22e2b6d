// C += A * B with M = 1000, N = 999, K = 1024: ragged M and N (N odd, so
// rows of B are not 16-byte aligned) but 16-byte rows of A; memref form,
// accumulating (beta = 1). Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<1000x1024xf32>, %B: memref<1024x999xf32>, %C: memref<1000x999xf32>) {
  linalg.matmul ins(%A, %B : memref<1000x1024xf32>, memref<1024x999xf32>)
                outs(%C : memref<1000x999xf32>)
  return
}
