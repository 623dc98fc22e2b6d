// RUN: gemm-opt %s -split-input-file --gemm-fuse-epilogue-chains --gemm-stack-grouped-heads --gemm-verify-input --verify-diagnostics

// Grouped-query attention's scores with a causal mask shared by every head
// ([1, 1, q, k]): in stacked rows, row r * q + i of an entry would need
// mask row i, which no broadcast reads; K's repeat stays, and gets one
// error naming what stacks.
#rep = affine_map<(b, g, r, s, d) -> (b, g, s, d)>
#id5 = affine_map<(b, g, r, s, d) -> (b, g, r, s, d)>
func.func @causal_grouped(%q: tensor<8x16x64xbf16>, %k: tensor<2x2x32x64xbf16>, %m: tensor<1x1x16x32xbf16>) -> tensor<2x4x16x32xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e5 = tensor.empty() : tensor<2x2x2x32x64xbf16>
  // expected-error@+1 {{repeats a tensor that a batch matmul reads (grouped-query attention's K or V repeated per query head), which no kernel copies: gemm-stack-grouped-heads runs the query heads of one key head as the rows of one entry when}}
  %kr = linalg.generic {indexing_maps = [#rep, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%k : tensor<2x2x32x64xbf16>) outs(%e5 : tensor<2x2x2x32x64xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    linalg.yield %x : bf16
  } -> tensor<2x2x2x32x64xbf16>
  %k3 = tensor.collapse_shape %kr [[0, 1, 2], [3], [4]] : tensor<2x2x2x32x64xbf16> into tensor<8x32x64xbf16>
  %es = tensor.empty() : tensor<8x16x32xbf16>
  %fs = linalg.fill ins(%zero : bf16) outs(%es : tensor<8x16x32xbf16>) -> tensor<8x16x32xbf16>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%q, %k3 : tensor<8x16x64xbf16>, tensor<8x32x64xbf16>) outs(%fs : tensor<8x16x32xbf16>) -> tensor<8x16x32xbf16>
  %s4 = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 4, 16, 32] : tensor<8x16x32xbf16> into tensor<2x4x16x32xbf16>
  %e = tensor.empty() : tensor<2x4x16x32xbf16>
  %y = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (0, 0, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s4, %m : tensor<2x4x16x32xbf16>, tensor<1x1x16x32xbf16>) outs(%e : tensor<2x4x16x32xbf16>) {
  ^bb0(%x: bf16, %mv: bf16, %o: bf16):
    %r = arith.addf %x, %mv : bf16
    linalg.yield %r : bf16
  } -> tensor<2x4x16x32xbf16>
  return %y : tensor<2x4x16x32xbf16>
}
