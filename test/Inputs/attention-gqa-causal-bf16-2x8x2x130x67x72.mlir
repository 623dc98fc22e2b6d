// Grouped-query attention with a causal mask, as torch-mlir writes
// scaled_dot_product_attention(q, k, v, attn_mask) after Llama's repeat_kv
// (Llama-2-70B's attention; batch 2, 8 query heads over 2 key / value
// heads, 130 queries, 67 keys, head 72, bf16): K and V [2, 2, 67, 72]
// repeated by a linalg.generic into [2, 2, 4, 67, 72] and collapsed to the
// query's 8 heads, the causal mask [1, 1, 130, 67] (the caller's
// attn_mask: 0 on and below the diagonal, -inf above) added after the
// scale. The mask reads a row per query, so the 4 query heads of a key
// head cannot be one entry's stacked rows: both matmuls keep their 16
// entries and read K's or V's entry z / 4 (b_group = 4), no repeated copy;
// the mask is one 130 x 67 matrix for every entry (broadcast "batch").
// Shared by test/GPU and test/Pipelines; not a test itself.
#b5 = affine_map<(b, g, r, s, d) -> (b, g, s, d)>
#id5 = affine_map<(b, g, r, s, d) -> (b, g, r, s, d)>
#id = affine_map<(b, h, i, j) -> (b, h, i, j)>
#causal = affine_map<(b, h, i, j) -> (0, 0, i, j)>
func.func @attention(%q: tensor<2x8x130x72xbf16>, %k: tensor<2x2x67x72xbf16>, %v: tensor<2x2x67x72xbf16>, %m: tensor<1x1x130x67xbf16>) -> tensor<2x8x130x72xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e5 = tensor.empty() : tensor<2x2x4x67x72xbf16>
  %kr = linalg.generic {indexing_maps = [#b5, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%k : tensor<2x2x67x72xbf16>) outs(%e5 : tensor<2x2x4x67x72xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    linalg.yield %x : bf16
  } -> tensor<2x2x4x67x72xbf16>
  %k4 = tensor.collapse_shape %kr [[0], [1, 2], [3], [4]] : tensor<2x2x4x67x72xbf16> into tensor<2x8x67x72xbf16>
  %vr = linalg.generic {indexing_maps = [#b5, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%v : tensor<2x2x67x72xbf16>) outs(%e5 : tensor<2x2x4x67x72xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    linalg.yield %x : bf16
  } -> tensor<2x2x4x67x72xbf16>
  %v4 = tensor.collapse_shape %vr [[0], [1, 2], [3], [4]] : tensor<2x2x4x67x72xbf16> into tensor<2x8x67x72xbf16>
  %et = tensor.empty() : tensor<2x8x72x67xbf16>
  %kt = linalg.transpose ins(%k4 : tensor<2x8x67x72xbf16>) outs(%et : tensor<2x8x72x67xbf16>) permutation = [0, 1, 3, 2]
  %q3 = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<2x8x130x72xbf16> into tensor<16x130x72xbf16>
  %kt3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x8x72x67xbf16> into tensor<16x72x67xbf16>
  %es = tensor.empty() : tensor<16x130x67xbf16>
  %fs = linalg.fill ins(%zero : bf16) outs(%es : tensor<16x130x67xbf16>) -> tensor<16x130x67xbf16>
  %s3 = linalg.batch_matmul ins(%q3, %kt3 : tensor<16x130x72xbf16>, tensor<16x72x67xbf16>) outs(%fs : tensor<16x130x67xbf16>) -> tensor<16x130x67xbf16>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 8, 130, 67] : tensor<16x130x67xbf16> into tensor<2x8x130x67xbf16>
  %em = tensor.empty() : tensor<2x8x130x67xbf16>
  %sm = linalg.generic {indexing_maps = [#id, #causal, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %m : tensor<2x8x130x67xbf16>, tensor<1x1x130x67xbf16>) outs(%em : tensor<2x8x130x67xbf16>) {
  ^bb0(%x: bf16, %mv: bf16, %o: bf16):
    %scale = arith.constant 0.117851130 : bf16
    %xs = arith.mulf %x, %scale : bf16
    %r = arith.addf %xs, %mv : bf16
    linalg.yield %r : bf16
  } -> tensor<2x8x130x67xbf16>
  %ep = tensor.empty() : tensor<2x8x130x67xbf16>
  %p = linalg.softmax dimension(3) ins(%sm : tensor<2x8x130x67xbf16>) outs(%ep : tensor<2x8x130x67xbf16>) -> tensor<2x8x130x67xbf16>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x8x130x67xbf16> into tensor<16x130x67xbf16>
  %v3 = tensor.collapse_shape %v4 [[0, 1], [2], [3]] : tensor<2x8x67x72xbf16> into tensor<16x67x72xbf16>
  %eo = tensor.empty() : tensor<16x130x72xbf16>
  %fo = linalg.fill ins(%zero : bf16) outs(%eo : tensor<16x130x72xbf16>) -> tensor<16x130x72xbf16>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<16x130x67xbf16>, tensor<16x67x72xbf16>) outs(%fo : tensor<16x130x72xbf16>) -> tensor<16x130x72xbf16>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 8, 130, 72] : tensor<16x130x72xbf16> into tensor<2x8x130x72xbf16>
  return %o : tensor<2x8x130x72xbf16>
}
