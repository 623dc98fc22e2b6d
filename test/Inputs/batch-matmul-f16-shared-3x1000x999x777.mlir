// A 3-D activation times a weight: linalg.batch_matmul of 3 entries whose
// B (777 x 999, f16) every entry shares (its map leaves out the batch),
// M = 1000, N = 999, K = 777 (no row 16-byte aligned), C zeroed by a
// linalg.fill (beta = 0). Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<3x1000x777xf16>, %B: memref<777x999xf16>, %C: memref<3x1000x999xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x1000x999xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x1000x777xf16>, memref<777x999xf16>) outs(%C : memref<3x1000x999xf32>)
  return
}
