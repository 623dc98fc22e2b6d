// Attention over a dynamic count of entries with a mask (bf16):
// S = (Q K^T) * 0.125 + mask, the mask one static [130, 67] matrix
// broadcast over every entry (a causal or padding mask shared by the
// sequences x heads; both steps fused into the first batch_matmul's
// kernel), P = softmax(S) over the 67 keys, O = P V; q = 130, d = 72. The
// manifest's symbol batch is every op's count and every buffer's first
// dimension but the mask's, which keeps its static shape. Shared by
// test/GPU and test/Target; not a test itself.
func.func @attention(%Q: tensor<?x130x72xbf16>, %K: tensor<?x67x72xbf16>, %V: tensor<?x67x72xbf16>, %mask: tensor<130x67xbf16>) -> tensor<?x130x72xbf16> {
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
  %m_out = tensor.empty(%b) : tensor<?x130x67xbf16>
  %SM = linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (m, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%S, %mask : tensor<?x130x67xbf16>, tensor<130x67xbf16>) outs(%m_out : tensor<?x130x67xbf16>) {
  ^bb0(%s: bf16, %mk: bf16, %o: bf16):
    %r = arith.addf %s, %mk : bf16
    linalg.yield %r : bf16
  } -> tensor<?x130x67xbf16>
  %p_empty = tensor.empty(%b) : tensor<?x130x67xbf16>
  %P = linalg.softmax dimension(2) ins(%SM : tensor<?x130x67xbf16>) outs(%p_empty : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %o_empty = tensor.empty(%b) : tensor<?x130x72xbf16>
  %o_zero = linalg.fill ins(%zero : bf16) outs(%o_empty : tensor<?x130x72xbf16>) -> tensor<?x130x72xbf16>
  %O = linalg.batch_matmul ins(%P, %V : tensor<?x130x67xbf16>, tensor<?x67x72xbf16>) outs(%o_zero : tensor<?x130x72xbf16>) -> tensor<?x130x72xbf16>
  return %O : tensor<?x130x72xbf16>
}
