// torch's (x @ w).t() for x 1000 x 777 and w 777 x 999 (bf16, a bf16
// result): a zero-filled linalg.matmul into f32, a linalg.transpose of its
// result, then a cast. gemm-fold-result-transposes computes the transposed
// result as the matmul of w^T (read K x N in place) and x^T (read M x K),
// layout tt, the cast fused after it. Shared by test/GPU and
// test/Pipelines; not a test itself.
func.func @result_t(%x: tensor<1000x777xbf16>, %w: tensor<777x999xbf16>) -> tensor<999x1000xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1000x999xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<1000x999xf32>) -> tensor<1000x999xf32>
  %y = linalg.matmul ins(%x, %w : tensor<1000x777xbf16>, tensor<777x999xbf16>) outs(%c : tensor<1000x999xf32>) -> tensor<1000x999xf32>
  %te = tensor.empty() : tensor<999x1000xf32>
  %t = linalg.transpose ins(%y : tensor<1000x999xf32>) outs(%te : tensor<999x1000xf32>) permutation = [1, 0]
  %be = tensor.empty() : tensor<999x1000xbf16>
  %b = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<999x1000xf32>) outs(%be : tensor<999x1000xbf16>) {
  ^bb0(%v: f32, %o: bf16):
    %r = arith.truncf %v : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<999x1000xbf16>
  return %b : tensor<999x1000xbf16>
}
