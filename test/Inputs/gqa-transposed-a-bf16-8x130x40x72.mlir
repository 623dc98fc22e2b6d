// P V of grouped-query attention with P stored K x M per entry (P^T
// [8, 72, 130], read through (b, k, m)) and V [2, 72, 40] repeated for 4
// query heads each by a linalg.broadcast (StableHLO's broadcast_in_dim)
// and collapsed to the 8 entries: no rows to stack, so entry z reads V's
// entry z / 4 (b_group = 4). Shared by test/Pipelines; not a test itself.
func.func @transposed_a(%pt: tensor<8x72x130xbf16>, %v: tensor<2x72x40xbf16>) -> tensor<8x130x40xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e4 = tensor.empty() : tensor<2x4x72x40xbf16>
  %vr = linalg.broadcast ins(%v : tensor<2x72x40xbf16>) outs(%e4 : tensor<2x4x72x40xbf16>) dimensions = [1]
  %v3 = tensor.collapse_shape %vr [[0, 1], [2], [3]] : tensor<2x4x72x40xbf16> into tensor<8x72x40xbf16>
  %eo = tensor.empty() : tensor<8x130x40xbf16>
  %fo = linalg.fill ins(%zero : bf16) outs(%eo : tensor<8x130x40xbf16>) -> tensor<8x130x40xbf16>
  %o = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%pt, %v3 : tensor<8x72x130xbf16>, tensor<8x72x40xbf16>) outs(%fo : tensor<8x130x40xbf16>) -> tensor<8x130x40xbf16>
  return %o : tensor<8x130x40xbf16>
}
