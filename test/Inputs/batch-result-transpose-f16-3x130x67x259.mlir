// torch.matmul(a, b).transpose(-2, -1) on 3 entries (f16 inputs, f32
// result): a zero-filled linalg.batch_matmul of a 3 x 130 x 259 and a
// 3 x 67 x 259 read as (b, n, k) (indexing maps), then a transpose of the
// last two dimensions of its result, as a linalg.generic that only
// permutes (older torch-mlir). gemm-fold-result-transposes makes it the
// batch_matmul of b and a: 3 x 67 x 130, A read (b, m, k), B (b, n, k).
// Shared by test/GPU and test/Pipelines; not a test itself.
func.func @batch_result_t(%a: tensor<3x130x259xf16>, %b: tensor<3x67x259xf16>) -> tensor<3x67x130xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x130x67xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<3x130x67xf32>) -> tensor<3x130x67xf32>
  %y = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%a, %b : tensor<3x130x259xf16>, tensor<3x67x259xf16>) outs(%c : tensor<3x130x67xf32>) -> tensor<3x130x67xf32>
  %te = tensor.empty() : tensor<3x67x130xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, j, i)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%y : tensor<3x130x67xf32>) outs(%te : tensor<3x67x130xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<3x67x130xf32>
  return %t : tensor<3x67x130xf32>
}
