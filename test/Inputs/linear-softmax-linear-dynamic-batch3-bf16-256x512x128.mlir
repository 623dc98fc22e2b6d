// nn.Linear, softmax over its rows, nn.Linear on a [3, tokens, 256]
// activation with a dynamic token count (bf16): a static batch of 3
// sequences beside the tokens, collapsed into 3 * tokens rows (torch-mlir's
// form), each W stored N x K as its indexing_maps say, the softmax over the
// 512 columns of every row, the result expanded back to [3, tokens, 128].
// Every op's rows are 3 * tokens: one version-3 manifest of three ops whose
// symbol M is the rows (a multiple of 3), the activation's token dimension
// M / 3, the intermediates M rows. Shared by test/GPU and test/Target; not
// a test itself.
#nk = affine_map<(m, n, k) -> (n, k)>
#mk = affine_map<(m, n, k) -> (m, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @linear_softmax_linear(%x: tensor<3x?x256xbf16>, %w1: tensor<512x256xbf16>, %w2: tensor<128x512xbf16>) -> tensor<3x?x128xbf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : bf16
  %tokens = tensor.dim %x, %c1 : tensor<3x?x256xbf16>
  %x2 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<3x?x256xbf16> into tensor<?x256xbf16>
  %rows = tensor.dim %x2, %c0 : tensor<?x256xbf16>
  %te = tensor.empty(%rows) : tensor<?x512xbf16>
  %tf = linalg.fill ins(%zero : bf16) outs(%te : tensor<?x512xbf16>) -> tensor<?x512xbf16>
  %t = linalg.matmul indexing_maps = [#mk, #nk, #mn] ins(%x2, %w1 : tensor<?x256xbf16>, tensor<512x256xbf16>) outs(%tf : tensor<?x512xbf16>) -> tensor<?x512xbf16>
  %pe = tensor.empty(%rows) : tensor<?x512xbf16>
  %p = linalg.softmax dimension(1) ins(%t : tensor<?x512xbf16>) outs(%pe : tensor<?x512xbf16>) -> tensor<?x512xbf16>
  %oe = tensor.empty(%rows) : tensor<?x128xbf16>
  %of = linalg.fill ins(%zero : bf16) outs(%oe : tensor<?x128xbf16>) -> tensor<?x128xbf16>
  %o = linalg.matmul indexing_maps = [#mk, #nk, #mn] ins(%p, %w2 : tensor<?x512xbf16>, tensor<128x512xbf16>) outs(%of : tensor<?x128xbf16>) -> tensor<?x128xbf16>
  %o3 = tensor.expand_shape %o [[0, 1], [2]] output_shape [3, %tokens, 128] : tensor<?x128xbf16> into tensor<3x?x128xbf16>
  return %o3 : tensor<3x?x128xbf16>
}
