// Multi-head attention as torch-mlir writes it for 4-D tensors (batch 2,
// 3 heads, 130 queries, 67 keys, head 72): K (b, h, keys, d) transposed by a
// linalg.transpose of its last two dimensions, batch and heads collapsed
// into one batch of 6 by tensor.collapse_shape for each
// linalg.batch_matmul, the scores expanded back to 4-D for a softmax over
// the keys, and the output expanded to (b, h, queries, d); f16 throughout.
// gemm-fold-operand-transposes reads K in place; the reshapes are views of
// the 4-D buffers. Shared by test/GPU and test/Pipelines; not a test
// itself.
func.func @attention(%q: tensor<2x3x130x72xf16>, %k: tensor<2x3x67x72xf16>, %v: tensor<2x3x67x72xf16>) -> tensor<2x3x130x72xf16> {
  %zero = arith.constant 0.0 : f16
  %et = tensor.empty() : tensor<2x3x72x67xf16>
  %kt = linalg.transpose ins(%k : tensor<2x3x67x72xf16>) outs(%et : tensor<2x3x72x67xf16>) permutation = [0, 1, 3, 2]
  %q3 = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<2x3x130x72xf16> into tensor<6x130x72xf16>
  %kt3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x3x72x67xf16> into tensor<6x72x67xf16>
  %es = tensor.empty() : tensor<6x130x67xf16>
  %fs = linalg.fill ins(%zero : f16) outs(%es : tensor<6x130x67xf16>) -> tensor<6x130x67xf16>
  %s3 = linalg.batch_matmul ins(%q3, %kt3 : tensor<6x130x72xf16>, tensor<6x72x67xf16>) outs(%fs : tensor<6x130x67xf16>) -> tensor<6x130x67xf16>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 3, 130, 67] : tensor<6x130x67xf16> into tensor<2x3x130x67xf16>
  %ep = tensor.empty() : tensor<2x3x130x67xf16>
  %p = linalg.softmax dimension(3) ins(%s : tensor<2x3x130x67xf16>) outs(%ep : tensor<2x3x130x67xf16>) -> tensor<2x3x130x67xf16>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x3x130x67xf16> into tensor<6x130x67xf16>
  %v3 = tensor.collapse_shape %v [[0, 1], [2], [3]] : tensor<2x3x67x72xf16> into tensor<6x67x72xf16>
  %eo = tensor.empty() : tensor<6x130x72xf16>
  %fo = linalg.fill ins(%zero : f16) outs(%eo : tensor<6x130x72xf16>) -> tensor<6x130x72xf16>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<6x130x67xf16>, tensor<6x67x72xf16>) outs(%fo : tensor<6x130x72xf16>) -> tensor<6x130x72xf16>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 3, 130, 72] : tensor<6x130x72xf16> into tensor<2x3x130x72xf16>
  return %o : tensor<2x3x130x72xf16>
}
