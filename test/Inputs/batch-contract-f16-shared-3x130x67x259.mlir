// C (f32) = A * B per batch entry with one B for every entry (a 3-D
// activation times a weight) as a linalg.contract over (b, m, n, k), on
// memrefs, C zero-filled; 3 entries, M = 130, N = 67, K = 259.
// gemm-specialize-contractions makes it a linalg.batch_matmul with B's
// map without the batch. Not a test itself.
func.func @matmul(%A: memref<3x130x259xf16>, %B: memref<259x67xf16>, %C: memref<3x130x67xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x130x67xf32>)
  linalg.contract indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x130x259xf16>, memref<259x67xf16>) outs(%C : memref<3x130x67xf32>)
  return
}
