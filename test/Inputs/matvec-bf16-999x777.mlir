// torch.mv as torch-mlir writes it: y (f32) = W x with W 999 x 777 and x
// of 777 bf16, a zero-filled linalg.matvec on tensors.
// gemm-vector-products-as-matmuls computes it as one row of x^T * W^T
// (M = 1, W read as N x K: the decode shape of the weight-streaming
// kernel). Shared by test/GPU and test/Pipelines; not a test itself.
func.func @mv(%w: tensor<999x777xbf16>, %x: tensor<777xbf16>) -> tensor<999xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<999xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<999xf32>) -> tensor<999xf32>
  %y = linalg.matvec ins(%w, %x : tensor<999x777xbf16>, tensor<777xbf16>) outs(%c : tensor<999xf32>) -> tensor<999xf32>
  return %y : tensor<999xf32>
}
