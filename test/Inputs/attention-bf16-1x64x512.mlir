// One attention head in bf16: S = Q * K^T (K stored N x D, through the
// matmul's indexing_maps), P = softmax(S) over each row, O = P * V, with
// M = 1 queries, D = 64 (head dimension), N = 512 keys. M = 1: a decode step.
// Tensors with zero fills (beta = 0); S and P are bf16. A function of three
// ops: one PTX module, a version-2 manifest. Shared by test/GPU; not a
// test itself.
func.func @attention(%Q: tensor<1x64xbf16>, %K: tensor<512x64xbf16>, %V: tensor<512x64xbf16>) -> tensor<1x64xbf16> {
  %zero = arith.constant 0.0 : bf16
  %s_empty = tensor.empty() : tensor<1x512xbf16>
  %s_zero = linalg.fill ins(%zero : bf16) outs(%s_empty : tensor<1x512xbf16>) -> tensor<1x512xbf16>
  %S = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<1x64xbf16>, tensor<512x64xbf16>) outs(%s_zero : tensor<1x512xbf16>) -> tensor<1x512xbf16>
  %p_empty = tensor.empty() : tensor<1x512xbf16>
  %P = linalg.softmax dimension(1) ins(%S : tensor<1x512xbf16>) outs(%p_empty : tensor<1x512xbf16>) -> tensor<1x512xbf16>
  %o_empty = tensor.empty() : tensor<1x64xbf16>
  %o_zero = linalg.fill ins(%zero : bf16) outs(%o_empty : tensor<1x64xbf16>) -> tensor<1x64xbf16>
  %O = linalg.matmul ins(%P, %V : tensor<1x512xbf16>, tensor<512x64xbf16>) outs(%o_zero : tensor<1x64xbf16>) -> tensor<1x64xbf16>
  return %O : tensor<1x64xbf16>
}
