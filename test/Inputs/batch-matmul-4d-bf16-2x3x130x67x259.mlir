// A 4-D batched matmul as torch-mlir writes torch.matmul of (2, 3, 130, 259)
// and (2, 3, 259, 67) bf16 tensors: both collapsed into a batch of 6 by
// tensor.collapse_shape, a zero-filled linalg.batch_matmul into f32, the
// result expanded back to (2, 3, 130, 67). The kernels read the 4-D
// arguments through their reshapes and write the 4-D result
// (gemm-return-whole-allocations). Shared by test/GPU and test/Pipelines;
// not a test itself.
func.func @matmul4d(%a: tensor<2x3x130x259xbf16>, %b: tensor<2x3x259x67xbf16>) -> tensor<2x3x130x67xf32> {
  %a3 = tensor.collapse_shape %a [[0, 1], [2], [3]] : tensor<2x3x130x259xbf16> into tensor<6x130x259xbf16>
  %b3 = tensor.collapse_shape %b [[0, 1], [2], [3]] : tensor<2x3x259x67xbf16> into tensor<6x259x67xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x130x67xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<6x130x67xf32>) -> tensor<6x130x67xf32>
  %r3 = linalg.batch_matmul ins(%a3, %b3 : tensor<6x130x259xbf16>, tensor<6x259x67xbf16>) outs(%c : tensor<6x130x67xf32>) -> tensor<6x130x67xf32>
  %r = tensor.expand_shape %r3 [[0, 1], [2], [3]] output_shape [2, 3, 130, 67] : tensor<6x130x67xf32> into tensor<2x3x130x67xf32>
  return %r : tensor<2x3x130x67xf32>
}
