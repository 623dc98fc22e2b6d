// C (f16) += A^T * B^T with f16 inputs, both stored transposed (A as K x M,
// B as N x K), M = 1000, N = 999, K = 777, on tensors (beta = 1). Shared by
// test/Pipelines; not a test itself.
func.func @matmul(%A: tensor<777x1000xf16>, %B: tensor<999x777xf16>, %C: tensor<1000x999xf16>) -> tensor<1000x999xf16> {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : tensor<777x1000xf16>, tensor<999x777xf16>) outs(%C : tensor<1000x999xf16>) -> tensor<1000x999xf16>
  return %r : tensor<1000x999xf16>
}
