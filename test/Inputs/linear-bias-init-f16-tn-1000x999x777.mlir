// A linear layer with its bias as the matmul's initial C (a
// linalg.broadcast of the bias [N] into C's shape, then C += A * B), A
// stored K x M and transposed by a linalg.transpose; f16 inputs, f32 C,
// M = 1000, N = 999, K = 777. gemm-fold-operand-transposes reads A as
// (k, m); gemm-init-to-epilogue starts the matmul from zero and adds the
// bias in its epilogue. Shared by test/GPU and test/Pipelines; not a test
// itself.
func.func @linear(%at: tensor<777x1000xf16>, %w: tensor<777x999xf16>, %bias: tensor<999xf32>) -> tensor<1000x999xf32> {
  %e = tensor.empty() : tensor<1000x777xf16>
  %a = linalg.transpose ins(%at : tensor<777x1000xf16>) outs(%e : tensor<1000x777xf16>) permutation = [1, 0]
  %c0 = tensor.empty() : tensor<1000x999xf32>
  %c = linalg.broadcast ins(%bias : tensor<999xf32>) outs(%c0 : tensor<1000x999xf32>) dimensions = [0]
  %mm = linalg.matmul ins(%a, %w : tensor<1000x777xf16>, tensor<777x999xf16>) outs(%c : tensor<1000x999xf32>) -> tensor<1000x999xf32>
  return %mm : tensor<1000x999xf32>
}
