// C (f32) = A^T * B in f32, A stored K x M, M = 130, N = 67, K = 259, as
// the linalg.generic that --linalg-generalize-named-ops gives (beta = 0).
// Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: memref<259x130xf32>, %B: memref<259x67xf32>, %C: memref<130x67xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<130x67xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<259x130xf32>, memref<259x67xf32>) outs(%C : memref<130x67xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
