// nn.Linear on a [1, tokens, 777] activation with a dynamic token count, as
// torch-mlir writes it for torch.export with a dynamic sequence: the
// tokens collapsed to the matmul's rows (M = tokens), W (999 x 777)
// transposed by a linalg.transpose, the result expanded back to
// [1, tokens, 999], a bias add and a cast to bf16. One version-3 manifest:
// A and C keep their 3-D shapes, the tokens dimension the symbol M. Shared
// by test/GPU and test/Pipelines; not a test itself.
#id = affine_map<(b, s, n) -> (b, s, n)>
#col = affine_map<(b, s, n) -> (n)>
func.func @linear3d(%x: tensor<1x?x777xbf16>, %w: tensor<999x777xbf16>, %bias: tensor<999xf32>) -> tensor<1x?x999xbf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tokens = tensor.dim %x, %c1 : tensor<1x?x777xbf16>
  %rows = tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x?x777xbf16> into tensor<?x777xbf16>
  %e = tensor.empty() : tensor<777x999xbf16>
  %wt = linalg.transpose ins(%w : tensor<999x777xbf16>) outs(%e : tensor<777x999xbf16>) permutation = [1, 0]
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %rows, %c0 : tensor<?x777xbf16>
  %c0e = tensor.empty(%m) : tensor<?x999xf32>
  %c = linalg.fill ins(%zero : f32) outs(%c0e : tensor<?x999xf32>) -> tensor<?x999xf32>
  %mm = linalg.matmul ins(%rows, %wt : tensor<?x777xbf16>, tensor<777x999xbf16>) outs(%c : tensor<?x999xf32>) -> tensor<?x999xf32>
  %mm3 = tensor.expand_shape %mm [[0, 1], [2]] output_shape [1, %tokens, 999] : tensor<?x999xf32> into tensor<1x?x999xf32>
  %o0 = tensor.empty(%tokens) : tensor<1x?x999xbf16>
  %out = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm3, %bias : tensor<1x?x999xf32>, tensor<999xf32>) outs(%o0 : tensor<1x?x999xbf16>) {
  ^bb0(%v: f32, %b: f32, %o: bf16):
    %s = arith.addf %v, %b : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<1x?x999xbf16>
  return %out : tensor<1x?x999xbf16>
}
