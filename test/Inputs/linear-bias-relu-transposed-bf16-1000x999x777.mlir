// relu(x @ W^T + bias).t() in bf16 as a frontend writes it: nn.Linear's
// matmul (W read N x K) into f32, one elementwise generic adding the
// bias (a vector of N), taking the ReLU and casting to bf16, then a
// linalg.transpose of that. gemm-fold-result-transposes moves the
// transpose above the elementwise op (the bias then a vector of the rows)
// and computes the matmul of W and x, layout nt; the bias and ReLU fuse as
// its epilogue. Shared by test/GPU and test/Pipelines; not a test itself.
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @linear_t(%x: tensor<1000x777xbf16>, %w: tensor<999x777xbf16>, %bias: tensor<999xf32>) -> tensor<999x1000xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1000x999xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<1000x999xf32>) -> tensor<1000x999xf32>
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %w : tensor<1000x777xbf16>, tensor<999x777xbf16>) outs(%c : tensor<1000x999xf32>) -> tensor<1000x999xf32>
  %be = tensor.empty() : tensor<1000x999xbf16>
  %b = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y, %bias : tensor<1000x999xf32>, tensor<999xf32>) outs(%be : tensor<1000x999xbf16>) {
  ^bb0(%v: f32, %bb: f32, %o: bf16):
    %s = arith.addf %v, %bb : f32
    %r = arith.maximumf %s, %zero : f32
    %t = arith.truncf %r : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<1000x999xbf16>
  %te = tensor.empty() : tensor<999x1000xbf16>
  %tr = linalg.transpose ins(%b : tensor<1000x999xbf16>) outs(%te : tensor<999x1000xbf16>) permutation = [1, 0]
  return %tr : tensor<999x1000xbf16>
}
