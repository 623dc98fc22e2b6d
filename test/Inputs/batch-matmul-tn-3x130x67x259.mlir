// C (f32) += A^T * B per batch entry in f32: linalg.batch_matmul of 3
// entries with A stored K x M (through its indexing_maps), M = 130, N = 67,
// K = 259, C accumulated into (beta = 1). Shared by test/Pipelines; not a
// test itself.
func.func @matmul(%A: memref<3x259x130xf32>, %B: memref<3x259x67xf32>, %C: memref<3x130x67xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x259x130xf32>, memref<3x259x67xf32>) outs(%C : memref<3x130x67xf32>)
  return
}
