// Multi-head attention with an additive row bias per head shared by the
// sequences and the keys ([1, 3, 130, 1]; batch 2, 3 heads, 130 queries,
// 67 keys, head 72, bf16): the bias, read through (b, h, i, j) -> (0, h,
// i, 0), is one vector of 130 queries per head (broadcast "row" with span
// 3 and cycle: entry z of the batch of 6 reads vector z mod 3), added
// after the scale in the scores kernel's epilogue.
// Shared by test/GPU and test/Pipelines; not a test itself.
#id = affine_map<(b, h, i, j) -> (b, h, i, j)>
#mask = affine_map<(b, h, i, j) -> (0, h, i, 0)>
func.func @attention(%q: tensor<2x3x130x72xbf16>, %k: tensor<2x3x67x72xbf16>, %v: tensor<2x3x67x72xbf16>, %bias: tensor<1x3x130x1xbf16>) -> tensor<2x3x130x72xbf16> {
  %zero = arith.constant 0.0 : bf16
  %et = tensor.empty() : tensor<2x3x72x67xbf16>
  %kt = linalg.transpose ins(%k : tensor<2x3x67x72xbf16>) outs(%et : tensor<2x3x72x67xbf16>) permutation = [0, 1, 3, 2]
  %q3 = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<2x3x130x72xbf16> into tensor<6x130x72xbf16>
  %kt3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x3x72x67xbf16> into tensor<6x72x67xbf16>
  %es = tensor.empty() : tensor<6x130x67xbf16>
  %fs = linalg.fill ins(%zero : bf16) outs(%es : tensor<6x130x67xbf16>) -> tensor<6x130x67xbf16>
  %s3 = linalg.batch_matmul ins(%q3, %kt3 : tensor<6x130x72xbf16>, tensor<6x72x67xbf16>) outs(%fs : tensor<6x130x67xbf16>) -> tensor<6x130x67xbf16>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 3, 130, 67] : tensor<6x130x67xbf16> into tensor<2x3x130x67xbf16>
  %em = tensor.empty() : tensor<2x3x130x67xbf16>
  %sm = linalg.generic {indexing_maps = [#id, #mask, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %bias : tensor<2x3x130x67xbf16>, tensor<1x3x130x1xbf16>) outs(%em : tensor<2x3x130x67xbf16>) {
  ^bb0(%x: bf16, %mv: bf16, %o: bf16):
    %scale = arith.constant 0.117851130 : bf16
    %xs = arith.mulf %x, %scale : bf16
    %r = arith.addf %xs, %mv : bf16
    linalg.yield %r : bf16
  } -> tensor<2x3x130x67xbf16>
  %ep = tensor.empty() : tensor<2x3x130x67xbf16>
  %p = linalg.softmax dimension(3) ins(%sm : tensor<2x3x130x67xbf16>) outs(%ep : tensor<2x3x130x67xbf16>) -> tensor<2x3x130x67xbf16>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x3x130x67xbf16> into tensor<6x130x67xbf16>
  %v3 = tensor.collapse_shape %v [[0, 1], [2], [3]] : tensor<2x3x67x72xbf16> into tensor<6x67x72xbf16>
  %eo = tensor.empty() : tensor<6x130x72xbf16>
  %fo = linalg.fill ins(%zero : bf16) outs(%eo : tensor<6x130x72xbf16>) -> tensor<6x130x72xbf16>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<6x130x67xbf16>, tensor<6x67x72xbf16>) outs(%fo : tensor<6x130x72xbf16>) -> tensor<6x130x72xbf16>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 3, 130, 72] : tensor<6x130x72xbf16> into tensor<2x3x130x72xbf16>
  return %o : tensor<2x3x130x72xbf16>
}
