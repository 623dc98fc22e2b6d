// RUN: gemm-opt %s -split-input-file --gemm-fuse-epilogue-chains --gemm-stack-grouped-heads --gemm-fold-grouped-repeats --gemm-verify-input --verify-diagnostics

// Grouped-query attention's scores with a causal mask shared by every head
// ([1, 1, q, k]): stacking declines (in stacked rows, row r * q + i of an
// entry would need mask row i), and K's repeat is folded instead (entry z
// reads K's entry z / 2): no error.
#rep = affine_map<(b, g, r, s, d) -> (b, g, s, d)>
#id5 = affine_map<(b, g, r, s, d) -> (b, g, r, s, d)>
func.func @causal_grouped(%q: tensor<8x16x64xbf16>, %k: tensor<2x2x32x64xbf16>, %m: tensor<1x1x16x32xbf16>) -> tensor<2x4x16x32xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e5 = tensor.empty() : tensor<2x2x2x32x64xbf16>
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

// -----

// V repeated along the batch's first dimension ((r, b, g) of the 8
// entries): the entries that share a matrix are not consecutive, so
// neither stacking nor a B entry per group of entries reads it; the repeat
// stays, with one error naming what compiles.
#outer = affine_map<(r, b, g, s, d) -> (b, g, s, d)>
#id5 = affine_map<(r, b, g, s, d) -> (r, b, g, s, d)>
func.func @repeat_not_innermost(%p: tensor<8x16x32xbf16>, %v: tensor<2x2x32x64xbf16>) -> tensor<8x16x64xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e5 = tensor.empty() : tensor<2x2x2x32x64xbf16>
  // expected-error@+1 {{repeats a tensor that a batch matmul reads (grouped-query attention's K or V repeated per query head), which no kernel copies: gemm-opt reads the unrepeated tensor (stacked rows, gemm-stack-grouped-heads, else a B entry per group of entries, gemm-fold-grouped-repeats) only when the repeat is along the last of the batch's dimensions (consecutive entries share a matrix)}}
  %vr = linalg.generic {indexing_maps = [#outer, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%v : tensor<2x2x32x64xbf16>) outs(%e5 : tensor<2x2x2x32x64xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    linalg.yield %x : bf16
  } -> tensor<2x2x2x32x64xbf16>
  %v3 = tensor.collapse_shape %vr [[0, 1, 2], [3], [4]] : tensor<2x2x2x32x64xbf16> into tensor<8x32x64xbf16>
  %eo = tensor.empty() : tensor<8x16x64xbf16>
  %fo = linalg.fill ins(%zero : bf16) outs(%eo : tensor<8x16x64xbf16>) -> tensor<8x16x64xbf16>
  %o = linalg.batch_matmul ins(%p, %v3 : tensor<8x16x32xbf16>, tensor<8x32x64xbf16>) outs(%fo : tensor<8x16x64xbf16>) -> tensor<8x16x64xbf16>
  return %o : tensor<8x16x64xbf16>
}

// -----

// A variant of a function with a dynamic batch count (its planned 8
// entries, the count at run time in %n): a group of entries per B entry
// needs the batch static, one error at the matmul.
#rep = affine_map<(b, g, r, s, d) -> (b, g, s, d)>
#id5 = affine_map<(b, g, r, s, d) -> (b, g, r, s, d)>
func.func @dynamic_batch(%q: tensor<8x16x64xbf16>, %k: tensor<2x2x32x64xbf16>, %m: tensor<16x32xbf16>, %n: index {gemm_opt.symbol = "batch"}) -> tensor<8x16x32xbf16> attributes {gemm_opt.variant = {hi = 65535 : i64, lo = 1 : i64, of = "dynamic", planned = 8 : i64, symbol = "batch"}} {
  %zero = arith.constant 0.0 : bf16
  %e5 = tensor.empty() : tensor<2x2x2x32x64xbf16>
  %kr = linalg.generic {indexing_maps = [#rep, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%k : tensor<2x2x32x64xbf16>) outs(%e5 : tensor<2x2x2x32x64xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    linalg.yield %x : bf16
  } -> tensor<2x2x2x32x64xbf16>
  %k3 = tensor.collapse_shape %kr [[0, 1, 2], [3], [4]] : tensor<2x2x2x32x64xbf16> into tensor<8x32x64xbf16>
  %es = tensor.empty() : tensor<8x16x32xbf16>
  %fs = linalg.fill ins(%zero : bf16) outs(%es : tensor<8x16x32xbf16>) -> tensor<8x16x32xbf16>
  // expected-error@+1 {{reads grouped-query attention's K or V per group of 2 entries (b_group) with a dynamic batch count, which gemm-opt does not compile yet}}
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%q, %k3 : tensor<8x16x64xbf16>, tensor<8x32x64xbf16>) outs(%fs : tensor<8x16x32xbf16>) -> tensor<8x16x32xbf16>
  %e = tensor.empty() : tensor<8x16x32xbf16>
  %y = linalg.generic {indexing_maps = [affine_map<(z, i, j) -> (z, i, j)>, affine_map<(z, i, j) -> (i, j)>, affine_map<(z, i, j) -> (z, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s, %m : tensor<8x16x32xbf16>, tensor<16x32xbf16>) outs(%e : tensor<8x16x32xbf16>) {
  ^bb0(%x: bf16, %mv: bf16, %o: bf16):
    %r = arith.addf %x, %mv : bf16
    linalg.yield %r : bf16
  } -> tensor<8x16x32xbf16>
  return %y : tensor<8x16x32xbf16>
}
