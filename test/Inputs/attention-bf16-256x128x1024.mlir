// One attention head in bf16: S = Q * K^T (K stored N x D, through the
// matmul's indexing_maps), P = softmax(S) over each row, O = P * V, with
// M = 256 queries, D = 128 (head dimension), N = 1024 keys. Every dimension a multiple of 64.
// Tensors with zero fills (beta = 0); S and P are bf16. A function of three
// ops: one PTX module, a version-2 manifest. Shared by test/GPU; not a
// test itself.
func.func @attention(%Q: tensor<256x128xbf16>, %K: tensor<1024x128xbf16>, %V: tensor<1024x128xbf16>) -> tensor<256x128xbf16> {
  %zero = arith.constant 0.0 : bf16
  %s_empty = tensor.empty() : tensor<256x1024xbf16>
  %s_zero = linalg.fill ins(%zero : bf16) outs(%s_empty : tensor<256x1024xbf16>) -> tensor<256x1024xbf16>
  %S = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<256x128xbf16>, tensor<1024x128xbf16>) outs(%s_zero : tensor<256x1024xbf16>) -> tensor<256x1024xbf16>
  %p_empty = tensor.empty() : tensor<256x1024xbf16>
  %P = linalg.softmax dimension(1) ins(%S : tensor<256x1024xbf16>) outs(%p_empty : tensor<256x1024xbf16>) -> tensor<256x1024xbf16>
  %o_empty = tensor.empty() : tensor<256x128xbf16>
  %o_zero = linalg.fill ins(%zero : bf16) outs(%o_empty : tensor<256x128xbf16>) -> tensor<256x128xbf16>
  %O = linalg.matmul ins(%P, %V : tensor<256x1024xbf16>, tensor<1024x128xbf16>) outs(%o_zero : tensor<256x128xbf16>) -> tensor<256x128xbf16>
  return %O : tensor<256x128xbf16>
}
