// An attention block in f16, tensor form: S = Q K^T (K stored N x K, as
// its indexing_maps say), P = softmax(S) over each row, O = P V; M = 130
// queries, N = 67 keys, head dimension 259, S and O zeroed by linalg.fill
// (beta = 0). One function of three kernel ops: gemm-opt outlines each into
// a function of its own and writes a version-2 manifest (temp0 = S,
// temp1 = P, result0 = O). Shared by test/Pipelines and the GPU tests; not
// a test itself.
func.func @attention(%Q: tensor<130x259xf16>, %K: tensor<67x259xf16>, %V: tensor<67x259xf16>) -> tensor<130x259xf16> {
  %zero = arith.constant 0.0 : f16
  %s_empty = tensor.empty() : tensor<130x67xf16>
  %s_zero = linalg.fill ins(%zero : f16) outs(%s_empty : tensor<130x67xf16>) -> tensor<130x67xf16>
  %S = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<130x259xf16>, tensor<67x259xf16>) outs(%s_zero : tensor<130x67xf16>) -> tensor<130x67xf16>
  %p_empty = tensor.empty() : tensor<130x67xf16>
  %P = linalg.softmax dimension(1) ins(%S : tensor<130x67xf16>) outs(%p_empty : tensor<130x67xf16>) -> tensor<130x67xf16>
  %o_empty = tensor.empty() : tensor<130x259xf16>
  %o_zero = linalg.fill ins(%zero : f16) outs(%o_empty : tensor<130x259xf16>) -> tensor<130x259xf16>
  %O = linalg.matmul ins(%P, %V : tensor<130x67xf16>, tensor<67x259xf16>) outs(%o_zero : tensor<130x259xf16>) -> tensor<130x259xf16>
  return %O : tensor<130x259xf16>
}
