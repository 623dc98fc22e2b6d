// C (f16) += A * B^T in f16 for 37 rows, B stored 999 x 776 (K not a
// multiple of 64, rows of B and A past 16- and 8-row tiles), on tensors
// (beta = 1). Shared by test/Pipelines; not a test itself.
func.func @matmul(%A: tensor<37x776xf16>, %B: tensor<999x776xf16>, %C: tensor<37x999xf16>) -> tensor<37x999xf16> {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : tensor<37x776xf16>, tensor<999x776xf16>) outs(%C : tensor<37x999xf16>) -> tensor<37x999xf16>
  return %r : tensor<37x999xf16>
}
