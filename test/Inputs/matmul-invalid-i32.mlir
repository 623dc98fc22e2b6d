// Input gemm-opt rejects (integer matmul); the error is at the matmul, line 5.
// Shared by test/Pipelines and test/Target; not a test itself.
func.func @matmul(%A: memref<8x4xi32>, %B: memref<4x8xi32>, %C: memref<8x8xi32>) {
  // gemm-verify-input: element type i32 is not supported
  linalg.matmul ins(%A, %B : memref<8x4xi32>, memref<4x8xi32>) outs(%C : memref<8x8xi32>)
  return
}
