// One attention head in f16: S = Q * K^T (K stored N x D, through the
// matmul's indexing_maps), P = softmax(S) over each row, O = P * V, with
// M = 130 queries, N = 259 keys, D = 67 (head dimension): no dimension a
// multiple of 16 or 32. Tensors with zero fills (beta = 0); S and P are f16.
// A function of three ops, compiled to one PTX module and a version-2
// manifest. Shared by test/GPU and test/Runtime; not a test itself.
func.func @attention(%Q: tensor<130x67xf16>, %K: tensor<259x67xf16>, %V: tensor<259x67xf16>) -> tensor<130x67xf16> {
  %zero = arith.constant 0.0 : f16
  %s_empty = tensor.empty() : tensor<130x259xf16>
  %s_zero = linalg.fill ins(%zero : f16) outs(%s_empty : tensor<130x259xf16>) -> tensor<130x259xf16>
  %S = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<130x67xf16>, tensor<259x67xf16>) outs(%s_zero : tensor<130x259xf16>) -> tensor<130x259xf16>
  %p_empty = tensor.empty() : tensor<130x259xf16>
  %P = linalg.softmax dimension(1) ins(%S : tensor<130x259xf16>) outs(%p_empty : tensor<130x259xf16>) -> tensor<130x259xf16>
  %o_empty = tensor.empty() : tensor<130x67xf16>
  %o_zero = linalg.fill ins(%zero : f16) outs(%o_empty : tensor<130x67xf16>) -> tensor<130x67xf16>
  %O = linalg.matmul ins(%P, %V : tensor<130x259xf16>, tensor<259x67xf16>) outs(%o_zero : tensor<130x67xf16>) -> tensor<130x67xf16>
  return %O : tensor<130x67xf16>
}
