// nn.Linear as torch-mlir writes it: W (N x K) transposed by a
// linalg.transpose, a zero-filled linalg.matmul, the bias [N] added by a
// broadcasting linalg.generic, then a cast to bf16; bf16 inputs, M = 1000,
// N = 999, K = 777 (no row 16-byte aligned). gemm-fold-operand-transposes
// makes the matmul read W as (n, k). Shared by test/GPU and
// test/Pipelines; not a test itself.
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
func.func @linear(%x: tensor<1000x777xbf16>, %w: tensor<999x777xbf16>, %bias: tensor<999xf32>) -> tensor<1000x999xbf16> {
  %e = tensor.empty() : tensor<777x999xbf16>
  %wt = linalg.transpose ins(%w : tensor<999x777xbf16>) outs(%e : tensor<777x999xbf16>) permutation = [1, 0]
  %zero = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<1000x999xf32>
  %c = linalg.fill ins(%zero : f32) outs(%c0 : tensor<1000x999xf32>) -> tensor<1000x999xf32>
  %mm = linalg.matmul ins(%x, %wt : tensor<1000x777xbf16>, tensor<777x999xbf16>) outs(%c : tensor<1000x999xf32>) -> tensor<1000x999xf32>
  %o0 = tensor.empty() : tensor<1000x999xbf16>
  %out = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<1000x999xf32>, tensor<999xf32>) outs(%o0 : tensor<1000x999xbf16>) {
  ^bb0(%v: f32, %b: f32, %o: bf16):
    %s = arith.addf %v, %b : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<1000x999xbf16>
  return %out : tensor<1000x999xbf16>
}
