// A whole attention block as torch-mlir writes it for 4-D tensors, with the
// output's transpose(1, 2) and reshape to (b, q, h * d) (batch 2, 3 heads,
// 100 queries, 72 keys, head 40, bf16): S = Q K^T * d^-0.5 (K transposed
// by a linalg.transpose, the scale in the scores kernel's epilogue), P =
// softmax(S) over the keys, O = P V into f32, O transposed to (b, q, h, d),
// cast to bf16 and collapsed to [2, 100, 120]. The last kernel writes each
// entry's 100 x 40 result at (z / 3, 0, z % 3, 0) of the result, the cast
// its epilogue. Shared by test/GPU and test/Pipelines; not a test itself.
#id = affine_map<(b, h, i, j) -> (b, h, i, j)>
func.func @attention(%q: tensor<2x3x100x40xbf16>, %k: tensor<2x3x72x40xbf16>, %v: tensor<2x3x72x40xbf16>) -> tensor<2x100x120xbf16> {
  %zero = arith.constant 0.0 : bf16
  %et = tensor.empty() : tensor<2x3x40x72xbf16>
  %kt = linalg.transpose ins(%k : tensor<2x3x72x40xbf16>) outs(%et : tensor<2x3x40x72xbf16>) permutation = [0, 1, 3, 2]
  %q3 = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<2x3x100x40xbf16> into tensor<6x100x40xbf16>
  %kt3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x3x40x72xbf16> into tensor<6x40x72xbf16>
  %es = tensor.empty() : tensor<6x100x72xbf16>
  %fs = linalg.fill ins(%zero : bf16) outs(%es : tensor<6x100x72xbf16>) -> tensor<6x100x72xbf16>
  %s3 = linalg.batch_matmul ins(%q3, %kt3 : tensor<6x100x40xbf16>, tensor<6x40x72xbf16>) outs(%fs : tensor<6x100x72xbf16>) -> tensor<6x100x72xbf16>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 3, 100, 72] : tensor<6x100x72xbf16> into tensor<2x3x100x72xbf16>
  %ec = tensor.empty() : tensor<2x3x100x72xbf16>
  %sc = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x3x100x72xbf16>) outs(%ec : tensor<2x3x100x72xbf16>) {
  ^bb0(%x: bf16, %out: bf16):
    %scale = arith.constant 0.158113883 : bf16
    %r = arith.mulf %x, %scale : bf16
    linalg.yield %r : bf16
  } -> tensor<2x3x100x72xbf16>
  %ep = tensor.empty() : tensor<2x3x100x72xbf16>
  %p = linalg.softmax dimension(3) ins(%sc : tensor<2x3x100x72xbf16>) outs(%ep : tensor<2x3x100x72xbf16>) -> tensor<2x3x100x72xbf16>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x3x100x72xbf16> into tensor<6x100x72xbf16>
  %v3 = tensor.collapse_shape %v [[0, 1], [2], [3]] : tensor<2x3x72x40xbf16> into tensor<6x72x40xbf16>
  %zf = arith.constant 0.0 : f32
  %eo = tensor.empty() : tensor<6x100x40xf32>
  %fo = linalg.fill ins(%zf : f32) outs(%eo : tensor<6x100x40xf32>) -> tensor<6x100x40xf32>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<6x100x72xbf16>, tensor<6x72x40xbf16>) outs(%fo : tensor<6x100x40xf32>) -> tensor<6x100x40xf32>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 3, 100, 40] : tensor<6x100x40xf32> into tensor<2x3x100x40xf32>
  %te = tensor.empty() : tensor<2x100x3x40xf32>
  %t = linalg.transpose ins(%o : tensor<2x3x100x40xf32>) outs(%te : tensor<2x100x3x40xf32>) permutation = [0, 2, 1, 3]
  %eb = tensor.empty() : tensor<2x100x3x40xbf16>
  %ob = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t : tensor<2x100x3x40xf32>) outs(%eb : tensor<2x100x3x40xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %h = arith.truncf %x : f32 to bf16
    linalg.yield %h : bf16
  } -> tensor<2x100x3x40xbf16>
  %flat = tensor.collapse_shape %ob [[0], [1], [2, 3]] : tensor<2x100x3x40xbf16> into tensor<2x100x120xbf16>
  return %flat : tensor<2x100x120xbf16>
}
