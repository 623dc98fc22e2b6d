// C (f32) += A * B^T in f32 for 3 rows, B stored 999 x 260, on tensors
// (beta = 1). Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: tensor<3x260xf32>, %B: tensor<999x260xf32>, %C: tensor<3x999xf32>) -> tensor<3x999xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : tensor<3x260xf32>, tensor<999x260xf32>) outs(%C : tensor<3x999xf32>) -> tensor<3x999xf32>
  return %r : tensor<3x999xf32>
}
