// C += A * B with M = N = K = 1, tensor form with C passed in (beta = 1).
// Shared by test/Pipelines and test/Target; not a test itself.
func.func @matmul(%A: tensor<1x1xf32>, %B: tensor<1x1xf32>, %C: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %R = linalg.matmul ins(%A, %B : tensor<1x1xf32>, tensor<1x1xf32>)
                     outs(%C : tensor<1x1xf32>) -> tensor<1x1xf32>
  return %R : tensor<1x1xf32>
}
