// Attention's output as PyTorch writes it after P·V: (attn @ v).transpose(1,
// 2) (batch 2, 3 heads, 100 queries, 77 keys, head 40, f16): both operands
// collapsed into one batch of 6, a zero-filled linalg.batch_matmul into
// f16, the result expanded to (b, h, q, d) and transposed to (b, q, h, d).
// No copy: entry z of the batch writes its 100 x 40 result into the
// [2, 100, 3, 40] buffer at (z / 3, 0, z % 3, 0), rows 3 * 40 elements
// apart (the manifest's "c_heads": 3). Shared by test/GPU and
// test/Pipelines; not a test itself.
func.func @attention_output(%p: tensor<2x3x100x77xf16>, %v: tensor<2x3x77x40xf16>) -> tensor<2x100x3x40xf16> {
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x3x100x77xf16> into tensor<6x100x77xf16>
  %v3 = tensor.collapse_shape %v [[0, 1], [2], [3]] : tensor<2x3x77x40xf16> into tensor<6x77x40xf16>
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<6x100x40xf16>
  %c = linalg.fill ins(%zero : f16) outs(%e : tensor<6x100x40xf16>) -> tensor<6x100x40xf16>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<6x100x77xf16>, tensor<6x77x40xf16>) outs(%c : tensor<6x100x40xf16>) -> tensor<6x100x40xf16>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 3, 100, 40] : tensor<6x100x40xf16> into tensor<2x3x100x40xf16>
  %te = tensor.empty() : tensor<2x100x3x40xf16>
  %t = linalg.transpose ins(%o : tensor<2x3x100x40xf16>) outs(%te : tensor<2x100x3x40xf16>) permutation = [0, 2, 1, 3]
  return %t : tensor<2x100x3x40xf16>
}
