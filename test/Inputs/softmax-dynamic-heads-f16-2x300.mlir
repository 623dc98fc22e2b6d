// A softmax over the last dimension of [2, tokens, 300] f16 with a dynamic
// token count (tensor form): 2 x tokens rows of 300, the manifest's rows a
// multiple of 2, X's and Y's token dimension rows / 2. Shared by test/GPU
// and test/Target; not a test itself.
func.func @probs(%x: tensor<2x?x300xf16>) -> tensor<2x?x300xf16> {
  %c1 = arith.constant 1 : index
  %tokens = tensor.dim %x, %c1 : tensor<2x?x300xf16>
  %e = tensor.empty(%tokens) : tensor<2x?x300xf16>
  %r = linalg.softmax dimension(2) ins(%x : tensor<2x?x300xf16>) outs(%e : tensor<2x?x300xf16>) -> tensor<2x?x300xf16>
  return %r : tensor<2x?x300xf16>
}
