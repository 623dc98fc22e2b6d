// torch.matmul(a, b).transpose(-2, -1) on 4-D f16 tensors (2, 3, 130, 259)
// and (2, 3, 259, 67) as torch-mlir writes it: both collapsed into a batch
// of 6, a zero-filled linalg.batch_matmul into f32, the result expanded to
// (2, 3, 130, 67), then a linalg.transpose of its last two dimensions.
// gemm-fold-result-transposes transposes the 3-D result before the expand
// and computes it as the batch_matmul of b and a (6 x 67 x 130, A read
// (b, k, m), B (b, n, k)); the kernels write the 4-D result through the
// expand. Shared by test/GPU and test/Pipelines; not a test itself.
func.func @matmul4d_t(%a: tensor<2x3x130x259xf16>, %b: tensor<2x3x259x67xf16>) -> tensor<2x3x67x130xf32> {
  %a3 = tensor.collapse_shape %a [[0, 1], [2], [3]] : tensor<2x3x130x259xf16> into tensor<6x130x259xf16>
  %b3 = tensor.collapse_shape %b [[0, 1], [2], [3]] : tensor<2x3x259x67xf16> into tensor<6x259x67xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x130x67xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<6x130x67xf32>) -> tensor<6x130x67xf32>
  %r3 = linalg.batch_matmul ins(%a3, %b3 : tensor<6x130x259xf16>, tensor<6x259x67xf16>) outs(%c : tensor<6x130x67xf32>) -> tensor<6x130x67xf32>
  %r = tensor.expand_shape %r3 [[0, 1], [2], [3]] output_shape [2, 3, 130, 67] : tensor<6x130x67xf32> into tensor<2x3x130x67xf32>
  %te = tensor.empty() : tensor<2x3x67x130xf32>
  %t = linalg.transpose ins(%r : tensor<2x3x130x67xf32>) outs(%te : tensor<2x3x67x130xf32>) permutation = [0, 1, 3, 2]
  return %t : tensor<2x3x67x130xf32>
}
