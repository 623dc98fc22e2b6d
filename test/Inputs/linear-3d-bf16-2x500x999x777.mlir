// nn.Linear on a 3-D activation as torch-mlir writes it: x [2, 500, 777]
// collapsed to its 1000 rows, W (N x K) transposed by a linalg.transpose,
// a zero-filled linalg.matmul, the result expanded back to [2, 500, 999],
// then the bias [N] added by a 3-D broadcasting linalg.generic and a cast
// to bf16. The kernels read x and write the output as the rows they hold
// (the manifest keeps the function's 3-D shapes). Shared by test/GPU and
// test/Pipelines; not a test itself.
#id = affine_map<(b, s, n) -> (b, s, n)>
#col = affine_map<(b, s, n) -> (n)>
func.func @linear3d(%x: tensor<2x500x777xbf16>, %w: tensor<999x777xbf16>, %bias: tensor<999xf32>) -> tensor<2x500x999xbf16> {
  %rows = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x500x777xbf16> into tensor<1000x777xbf16>
  %e = tensor.empty() : tensor<777x999xbf16>
  %wt = linalg.transpose ins(%w : tensor<999x777xbf16>) outs(%e : tensor<777x999xbf16>) permutation = [1, 0]
  %zero = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<1000x999xf32>
  %c = linalg.fill ins(%zero : f32) outs(%c0 : tensor<1000x999xf32>) -> tensor<1000x999xf32>
  %mm = linalg.matmul ins(%rows, %wt : tensor<1000x777xbf16>, tensor<777x999xbf16>) outs(%c : tensor<1000x999xf32>) -> tensor<1000x999xf32>
  %mm3 = tensor.expand_shape %mm [[0, 1], [2]] output_shape [2, 500, 999] : tensor<1000x999xf32> into tensor<2x500x999xf32>
  %o0 = tensor.empty() : tensor<2x500x999xbf16>
  %out = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm3, %bias : tensor<2x500x999xf32>, tensor<999xf32>) outs(%o0 : tensor<2x500x999xbf16>) {
  ^bb0(%v: f32, %b: f32, %o: bf16):
    %s = arith.addf %v, %b : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<2x500x999xbf16>
  return %out : tensor<2x500x999xbf16>
}
