// Attention over 32 heads in bf16, as linalg.batch_matmul: S = Q * K^T per
// head (K stored N x D, through the indexing_maps), P = softmax(S) over the
// last dimension, O = P * V per head; 2048 queries and 2048 keys, head
// dimension 128 (a realistic prefill block, for benchmarks). Tensors with
// zero fills (beta = 0). A version-2 manifest with batched matmuls (batch
// 32) and a softmax over 32 * 2048 rows of 2048. Not a test itself.
func.func @attention(%Q: tensor<32x2048x128xbf16>, %K: tensor<32x2048x128xbf16>, %V: tensor<32x2048x128xbf16>) -> tensor<32x2048x128xbf16> {
  %zero = arith.constant 0.0 : bf16
  %s_empty = tensor.empty() : tensor<32x2048x2048xbf16>
  %s_zero = linalg.fill ins(%zero : bf16) outs(%s_empty : tensor<32x2048x2048xbf16>) -> tensor<32x2048x2048xbf16>
  %S = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%Q, %K : tensor<32x2048x128xbf16>, tensor<32x2048x128xbf16>) outs(%s_zero : tensor<32x2048x2048xbf16>) -> tensor<32x2048x2048xbf16>
  %p_empty = tensor.empty() : tensor<32x2048x2048xbf16>
  %P = linalg.softmax dimension(2) ins(%S : tensor<32x2048x2048xbf16>) outs(%p_empty : tensor<32x2048x2048xbf16>) -> tensor<32x2048x2048xbf16>
  %o_empty = tensor.empty() : tensor<32x2048x128xbf16>
  %o_zero = linalg.fill ins(%zero : bf16) outs(%o_empty : tensor<32x2048x128xbf16>) -> tensor<32x2048x128xbf16>
  %O = linalg.batch_matmul ins(%P, %V : tensor<32x2048x2048xbf16>, tensor<32x2048x128xbf16>) outs(%o_zero : tensor<32x2048x128xbf16>) -> tensor<32x2048x128xbf16>
  return %O : tensor<32x2048x128xbf16>
}
