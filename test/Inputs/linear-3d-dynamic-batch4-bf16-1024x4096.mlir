// nn.Linear on a [4, tokens, 4096] activation with a dynamic token count:
// the rows collapsed to M = 4 * tokens, the result expanded back.
func.func @linear4(%a: tensor<4x?x4096xbf16>, %w: tensor<4096x1024xbf16>) -> tensor<4x?x1024xbf16> {
  %c1 = arith.constant 1 : index
  %t = tensor.dim %a, %c1 : tensor<4x?x4096xbf16>
  %zero = arith.constant 0.0 : bf16
  %c0 = arith.constant 0 : index
  %a2 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<4x?x4096xbf16> into tensor<?x4096xbf16>
  %m = tensor.dim %a2, %c0 : tensor<?x4096xbf16>
  %e = tensor.empty(%m) : tensor<?x1024xbf16>
  %c = linalg.fill ins(%zero : bf16) outs(%e : tensor<?x1024xbf16>) -> tensor<?x1024xbf16>
  %r = linalg.matmul ins(%a2, %w : tensor<?x4096xbf16>, tensor<4096x1024xbf16>) outs(%c : tensor<?x1024xbf16>) -> tensor<?x1024xbf16>
  %o = tensor.expand_shape %r [[0, 1], [2]] output_shape [4, %t, 1024] : tensor<?x1024xbf16> into tensor<4x?x1024xbf16>
  return %o : tensor<4x?x1024xbf16>
}
