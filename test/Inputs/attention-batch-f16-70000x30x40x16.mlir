// Attention over 70000 heads of 30 queries, 40 keys, head dim 16 (f16): S =
// Q K^T, P = softmax(S), O = P V, with more batch entries than grid z's
// 65535: the batched kernels' blocks go into grid x. Shared by test/GPU;
// not a test itself.
func.func @attention(%Q: tensor<70000x30x16xf16>, %K: tensor<70000x40x16xf16>, %V: tensor<70000x40x16xf16>) -> tensor<70000x30x16xf16> {
  %zero = arith.constant 0.0 : f16
  %s_empty = tensor.empty() : tensor<70000x30x40xf16>
  %s_zero = linalg.fill ins(%zero : f16) outs(%s_empty : tensor<70000x30x40xf16>) -> tensor<70000x30x40xf16>
  %S = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%Q, %K : tensor<70000x30x16xf16>, tensor<70000x40x16xf16>) outs(%s_zero : tensor<70000x30x40xf16>) -> tensor<70000x30x40xf16>
  %p_empty = tensor.empty() : tensor<70000x30x40xf16>
  %P = linalg.softmax dimension(2) ins(%S : tensor<70000x30x40xf16>) outs(%p_empty : tensor<70000x30x40xf16>) -> tensor<70000x30x40xf16>
  %o_empty = tensor.empty() : tensor<70000x30x16xf16>
  %o_zero = linalg.fill ins(%zero : f16) outs(%o_empty : tensor<70000x30x16xf16>) -> tensor<70000x30x16xf16>
  %O = linalg.batch_matmul ins(%P, %V : tensor<70000x30x40xf16>, tensor<70000x40x16xf16>) outs(%o_zero : tensor<70000x30x16xf16>) -> tensor<70000x30x16xf16>
  return %O : tensor<70000x30x16xf16>
}
