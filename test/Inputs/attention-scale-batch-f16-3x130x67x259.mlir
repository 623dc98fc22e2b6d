// Attention over 3 heads in f16 with the softmax scale: S = (Q K^T) *
// 0.125 per head (K stored N x D; the scale a linalg.mul by a filled
// tensor after the batch_matmul, which fuses into its kernel as a
// mul-by-scalar epilogue), P = softmax(S) over the last dimension, O = P V;
// M = 130 queries, D = 67, N = 259 keys. Shared by test/Pipelines; not a
// test itself.
func.func @attention(%Q: tensor<3x130x67xf16>, %K: tensor<3x259x67xf16>, %V: tensor<3x259x67xf16>) -> tensor<3x130x67xf16> {
  %zero = arith.constant 0.0 : f16
  %scale = arith.constant 0.125 : f16
  %s_empty = tensor.empty() : tensor<3x130x259xf16>
  %s_zero = linalg.fill ins(%zero : f16) outs(%s_empty : tensor<3x130x259xf16>) -> tensor<3x130x259xf16>
  %QK = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%Q, %K : tensor<3x130x67xf16>, tensor<3x259x67xf16>) outs(%s_zero : tensor<3x130x259xf16>) -> tensor<3x130x259xf16>
  %sc_empty = tensor.empty() : tensor<3x130x259xf16>
  %scales = linalg.fill ins(%scale : f16) outs(%sc_empty : tensor<3x130x259xf16>) -> tensor<3x130x259xf16>
  %S_out = tensor.empty() : tensor<3x130x259xf16>
  %S = linalg.mul ins(%QK, %scales : tensor<3x130x259xf16>, tensor<3x130x259xf16>) outs(%S_out : tensor<3x130x259xf16>) -> tensor<3x130x259xf16>
  %p_empty = tensor.empty() : tensor<3x130x259xf16>
  %P = linalg.softmax dimension(2) ins(%S : tensor<3x130x259xf16>) outs(%p_empty : tensor<3x130x259xf16>) -> tensor<3x130x259xf16>
  %o_empty = tensor.empty() : tensor<3x130x67xf16>
  %o_zero = linalg.fill ins(%zero : f16) outs(%o_empty : tensor<3x130x67xf16>) -> tensor<3x130x67xf16>
  %O = linalg.batch_matmul ins(%P, %V : tensor<3x130x259xf16>, tensor<3x259x67xf16>) outs(%o_zero : tensor<3x130x67xf16>) -> tensor<3x130x67xf16>
  return %O : tensor<3x130x67xf16>
}
