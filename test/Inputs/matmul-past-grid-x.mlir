// C (f32) += A * B with N = 2^36 + 1 columns: the naive kernel's
// 2^31 + 1 column blocks exceed even grid x. Shared by test/Target; not a
// test itself.
func.func @huge(%A: memref<2x3xf32>, %B: memref<3x68719476737xf32>, %C: memref<2x68719476737xf32>) {
  linalg.matmul ins(%A, %B : memref<2x3xf32>, memref<3x68719476737xf32>) outs(%C : memref<2x68719476737xf32>)
  return
}
