// Grouped-query attention's output (P @ V).transpose(1, 2), collapsed for
// the output projection, as torch-mlir writes it after Llama's repeat_kv
// (batch 2, 8 query heads over 2 value heads, 130 queries, 72 keys, head
// 40, bf16): V [2, 2, 72, 40] unsqueezed to [2, 2, 1, 72, 40], expanded by
// a linalg.generic reading the unit dimension at 0 into [2, 2, 4, 72, 40]
// and collapsed to the query's 8 heads; P V over 16 entries, expanded to
// (b, h, q, d), transposed to (b, q, h, d) and collapsed to [2, 130, 320].
// The transpose makes C's rows 8 heads apart, so the 4 query heads of a
// value head cannot be one entry's stacked rows: entry z reads V's entry
// z / 4 (b_group = 4) and writes its 130 x 40 result at (z / 8, 0, z % 8,
// 0) (c_heads = 8). 72 keys: wgmma reads V's K rows through a copy padded
// to whole K tiles, made once per V entry. Shared by test/GPU and
// test/Pipelines; not a test itself.
#unit = affine_map<(b, g, r, s, d) -> (b, g, 0, s, d)>
#id5 = affine_map<(b, g, r, s, d) -> (b, g, r, s, d)>
func.func @attention_output(%p: tensor<2x8x130x72xbf16>, %v: tensor<2x2x72x40xbf16>) -> tensor<2x130x320xbf16> {
  %zero = arith.constant 0.0 : bf16
  %v1 = tensor.expand_shape %v [[0], [1], [2, 3], [4]] output_shape [2, 2, 1, 72, 40] : tensor<2x2x72x40xbf16> into tensor<2x2x1x72x40xbf16>
  %e5 = tensor.empty() : tensor<2x2x4x72x40xbf16>
  %vr = linalg.generic {indexing_maps = [#unit, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%v1 : tensor<2x2x1x72x40xbf16>) outs(%e5 : tensor<2x2x4x72x40xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    linalg.yield %x : bf16
  } -> tensor<2x2x4x72x40xbf16>
  %v4 = tensor.collapse_shape %vr [[0], [1, 2], [3], [4]] : tensor<2x2x4x72x40xbf16> into tensor<2x8x72x40xbf16>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x8x130x72xbf16> into tensor<16x130x72xbf16>
  %v3 = tensor.collapse_shape %v4 [[0, 1], [2], [3]] : tensor<2x8x72x40xbf16> into tensor<16x72x40xbf16>
  %e = tensor.empty() : tensor<16x130x40xbf16>
  %c = linalg.fill ins(%zero : bf16) outs(%e : tensor<16x130x40xbf16>) -> tensor<16x130x40xbf16>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<16x130x72xbf16>, tensor<16x72x40xbf16>) outs(%c : tensor<16x130x40xbf16>) -> tensor<16x130x40xbf16>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 8, 130, 40] : tensor<16x130x40xbf16> into tensor<2x8x130x40xbf16>
  %te = tensor.empty() : tensor<2x130x8x40xbf16>
  %t = linalg.transpose ins(%o : tensor<2x8x130x40xbf16>) outs(%te : tensor<2x130x8x40xbf16>) permutation = [0, 2, 1, 3]
  %flat = tensor.collapse_shape %t [[0], [1], [2, 3]] : tensor<2x130x8x40xbf16> into tensor<2x130x320xbf16>
  return %flat : tensor<2x130x320xbf16>
}
