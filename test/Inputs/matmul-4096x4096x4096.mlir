// C = A * B with M = N = K = 4096, tensor form with a zero fill (beta = 0).
// Shared by test/Pipelines and test/Target; not a test itself.
func.func @matmul(%A: tensor<4096x4096xf32>, %B: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4096x4096xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %R = linalg.matmul ins(%A, %B : tensor<4096x4096xf32>, tensor<4096x4096xf32>)
                     outs(%C : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %R : tensor<4096x4096xf32>
}
