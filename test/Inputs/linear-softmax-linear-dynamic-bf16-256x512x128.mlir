// nn.Linear, softmax over its rows, nn.Linear on a [1, tokens, 256]
// activation with a dynamic token count (bf16): the tokens collapsed to the
// rows of the first matmul (torch-mlir's form), each W stored N x K and
// transposed by a linalg.transpose, the softmax over the 512 columns of
// every token's row, the second projection's result expanded back to
// [1, tokens, 128]. Every op's rows are the tokens: one version-3 manifest
// of three ops, the intermediates' rows the symbol M. Shared by test/GPU
// and test/Pipelines; not a test itself.
func.func @linear_softmax_linear(%x: tensor<1x?x256xbf16>, %w1: tensor<512x256xbf16>, %w2: tensor<128x512xbf16>) -> tensor<1x?x128xbf16> {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : bf16
  %tokens = tensor.dim %x, %c1 : tensor<1x?x256xbf16>
  %rows = tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x?x256xbf16> into tensor<?x256xbf16>
  %e1 = tensor.empty() : tensor<256x512xbf16>
  %w1t = linalg.transpose ins(%w1 : tensor<512x256xbf16>) outs(%e1 : tensor<256x512xbf16>) permutation = [1, 0]
  %te = tensor.empty(%tokens) : tensor<?x512xbf16>
  %tf = linalg.fill ins(%zero : bf16) outs(%te : tensor<?x512xbf16>) -> tensor<?x512xbf16>
  %t = linalg.matmul ins(%rows, %w1t : tensor<?x256xbf16>, tensor<256x512xbf16>) outs(%tf : tensor<?x512xbf16>) -> tensor<?x512xbf16>
  %pe = tensor.empty(%tokens) : tensor<?x512xbf16>
  %p = linalg.softmax dimension(1) ins(%t : tensor<?x512xbf16>) outs(%pe : tensor<?x512xbf16>) -> tensor<?x512xbf16>
  %e2 = tensor.empty() : tensor<512x128xbf16>
  %w2t = linalg.transpose ins(%w2 : tensor<128x512xbf16>) outs(%e2 : tensor<512x128xbf16>) permutation = [1, 0]
  %oe = tensor.empty(%tokens) : tensor<?x128xbf16>
  %of = linalg.fill ins(%zero : bf16) outs(%oe : tensor<?x128xbf16>) -> tensor<?x128xbf16>
  %o = linalg.matmul ins(%p, %w2t : tensor<?x512xbf16>, tensor<512x128xbf16>) outs(%of : tensor<?x128xbf16>) -> tensor<?x128xbf16>
  %o3 = tensor.expand_shape %o [[0, 1], [2]] output_shape [1, %tokens, 128] : tensor<?x128xbf16> into tensor<1x?x128xbf16>
  return %o3 : tensor<1x?x128xbf16>
}
