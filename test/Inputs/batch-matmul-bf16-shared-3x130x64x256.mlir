// nn.Linear's product on a 3-D activation: linalg.batch_matmul of 3
// entries with one weight (256 x 64, bf16, K x N: MLIR 22's batch_matmul
// cannot broadcast a transposed B) that every entry shares, on tensors,
// M = 130, N = 64, K = 256, zero fill (beta = 0). Shared by test/Pipelines;
// not a test itself.
func.func @matmul(%A: tensor<3x130x256xbf16>, %B: tensor<256x64xbf16>) -> tensor<3x130x64xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<3x130x64xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<3x130x64xf32>) -> tensor<3x130x64xf32>
  %R = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : tensor<3x130x256xbf16>, tensor<256x64xbf16>) outs(%C : tensor<3x130x64xf32>) -> tensor<3x130x64xf32>
  return %R : tensor<3x130x64xf32>
}
