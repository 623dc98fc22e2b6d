// Attention over a dynamic count of entries (sequences x heads, what a
// server runs at a varying batch) in bf16: S = (Q K^T) * 0.125 per entry
// (K stored keys x D; the scale a linalg.mul by a filled tensor, fused into
// the batch_matmul's kernel), P = softmax(S) over the last dimension, O = P V;
// q = 130 queries, k = 67 keys, d = 72. Every op is batched over the one
// dynamic leading dimension: one version-3 manifest of three ops whose
// symbol batch is each matmul's batch, the softmax's rows batch * 130 and
// every buffer's first dimension (the intermediates S and P too). Shared by
// test/GPU and test/Target; not a test itself.
func.func @attention(%Q: tensor<?x130x72xbf16>, %K: tensor<?x67x72xbf16>, %V: tensor<?x67x72xbf16>) -> tensor<?x130x72xbf16> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : bf16
  %scale = arith.constant 0.125 : bf16
  %b = tensor.dim %Q, %c0 : tensor<?x130x72xbf16>
  %s_empty = tensor.empty(%b) : tensor<?x130x67xbf16>
  %s_zero = linalg.fill ins(%zero : bf16) outs(%s_empty : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %QK = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%Q, %K : tensor<?x130x72xbf16>, tensor<?x67x72xbf16>) outs(%s_zero : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %sc_empty = tensor.empty(%b) : tensor<?x130x67xbf16>
  %scales = linalg.fill ins(%scale : bf16) outs(%sc_empty : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %S_out = tensor.empty(%b) : tensor<?x130x67xbf16>
  %S = linalg.mul ins(%QK, %scales : tensor<?x130x67xbf16>, tensor<?x130x67xbf16>) outs(%S_out : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %p_empty = tensor.empty(%b) : tensor<?x130x67xbf16>
  %P = linalg.softmax dimension(2) ins(%S : tensor<?x130x67xbf16>) outs(%p_empty : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %o_empty = tensor.empty(%b) : tensor<?x130x72xbf16>
  %o_zero = linalg.fill ins(%zero : bf16) outs(%o_empty : tensor<?x130x72xbf16>) -> tensor<?x130x72xbf16>
  %O = linalg.batch_matmul ins(%P, %V : tensor<?x130x67xbf16>, tensor<?x67x72xbf16>) outs(%o_zero : tensor<?x130x72xbf16>) -> tensor<?x130x72xbf16>
  return %O : tensor<?x130x72xbf16>
}
