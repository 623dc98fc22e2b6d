// RUN: gemm-opt %s -split-input-file --gemm-stack-grouped-heads --gemm-fold-grouped-repeats | FileCheck %s

// Grouped-query attention's scores with a mask over the queries (one
// [16, 32] matrix for every entry, a causal mask): stacking declines (a
// stacked row would read another query's mask row), so the 8 entries stay
// and K's repeat becomes a broadcast of K's 4 entries [4, 32, 64] along a
// new dimension 1, [4, 2, 32, 64], collapsed to the 8 entries B had:
// entry z reads K's entry z / 2 (gemm_opt.b_group = 2). The 5-D repeat is
// gone, the epilogue unchanged.
// CHECK-LABEL: func.func @query_mask
// CHECK-SAME:  (%[[Q:.+]]: tensor<8x16x64xbf16>, %[[K:.+]]: tensor<2x2x32x64xbf16>, %[[M:.+]]: tensor<16x32xbf16>)
// CHECK-NOT:   iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]
// CHECK:       %[[K3:.+]] = tensor.collapse_shape %[[K]] {{\[}}[0, 1], [2], [3]] : tensor<2x2x32x64xbf16> into tensor<4x32x64xbf16>
// CHECK:       %[[E:.+]] = tensor.empty() : tensor<4x2x32x64xbf16>
// CHECK:       %[[R:.+]] = linalg.broadcast ins(%[[K3]] : tensor<4x32x64xbf16>) outs(%[[E]] : tensor<4x2x32x64xbf16>) dimensions = [1]
// CHECK:       %[[B:.+]] = tensor.collapse_shape %[[R]] {{\[}}[0, 1], [2], [3]] : tensor<4x2x32x64xbf16> into tensor<8x32x64xbf16>
// CHECK:       %[[S:.+]] = linalg.batch_matmul indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}] {gemm_opt.b_group = 2 : i64} ins(%[[Q]], %[[B]] : tensor<8x16x64xbf16>, tensor<8x32x64xbf16>) outs(%{{.+}} : tensor<8x16x32xbf16>)
// CHECK:       linalg.generic {{.+}} ins(%[[S]], %[[M]] : tensor<8x16x32xbf16>, tensor<16x32xbf16>)
#rep = affine_map<(b, g, r, s, d) -> (b, g, s, d)>
#id5 = affine_map<(b, g, r, s, d) -> (b, g, r, s, d)>
#id = affine_map<(z, i, j) -> (z, i, j)>
#shared = affine_map<(z, i, j) -> (i, j)>
func.func @query_mask(%q: tensor<8x16x64xbf16>, %k: tensor<2x2x32x64xbf16>, %m: tensor<16x32xbf16>) -> tensor<8x16x32xbf16> {
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
  %e = tensor.empty() : tensor<8x16x32xbf16>
  %y = linalg.generic {indexing_maps = [#id, #shared, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s, %m : tensor<8x16x32xbf16>, tensor<16x32xbf16>) outs(%e : tensor<8x16x32xbf16>) {
  ^bb0(%x: bf16, %mv: bf16, %o: bf16):
    %r = arith.addf %x, %mv : bf16
    linalg.yield %r : bf16
  } -> tensor<8x16x32xbf16>
  return %y : tensor<8x16x32xbf16>
}

// -----

// Attention's output (P V).transpose(1, 2): stacking would put 2 heads'
// rows in one entry, which no row stride of the [2, 16, 4, 64] output
// expresses, so V's repeat (torch-mlir's repeat_kv: V unsqueezed to
// [2, 2, 1, 32, 64], its unit dimension read at 0) is folded: V's unit
// dimension collapsed with the batch, entry z reads V's entry z / 2; the
// transpose is left for the first rung (a C of heads).
// CHECK-LABEL: func.func @output_transpose
// CHECK:       %[[V1:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0], [1], [2, 3], [4]] output_shape [2, 2, 1, 32, 64]
// CHECK:       %[[V3:.+]] = tensor.collapse_shape %[[V1]] {{\[}}[0, 1, 2], [3], [4]] : tensor<2x2x1x32x64xbf16> into tensor<4x32x64xbf16>
// CHECK:       %[[R:.+]] = linalg.broadcast ins(%[[V3]] : tensor<4x32x64xbf16>) outs(%{{.+}} : tensor<4x2x32x64xbf16>) dimensions = [1]
// CHECK:       %[[B:.+]] = tensor.collapse_shape %[[R]] {{\[}}[0, 1], [2], [3]] : tensor<4x2x32x64xbf16> into tensor<8x32x64xbf16>
// CHECK:       %[[O:.+]] = linalg.batch_matmul {gemm_opt.b_group = 2 : i64} ins(%{{.+}}, %[[B]] : tensor<8x16x32xbf16>, tensor<8x32x64xbf16>) outs(%{{.+}} : tensor<8x16x64xbf16>)
// CHECK:       %[[O4:.+]] = tensor.expand_shape %[[O]] {{\[}}[0, 1], [2], [3]] output_shape [2, 4, 16, 64]
// CHECK:       linalg.transpose ins(%[[O4]] : tensor<2x4x16x64xbf16>) outs(%{{.+}} : tensor<2x16x4x64xbf16>) permutation = [0, 2, 1, 3]
#unit = affine_map<(b, g, r, s, d) -> (b, g, 0, s, d)>
#id5 = affine_map<(b, g, r, s, d) -> (b, g, r, s, d)>
func.func @output_transpose(%p: tensor<8x16x32xbf16>, %v: tensor<2x2x32x64xbf16>) -> tensor<2x16x4x64xbf16> {
  %zero = arith.constant 0.0 : bf16
  %v1 = tensor.expand_shape %v [[0], [1], [2, 3], [4]] output_shape [2, 2, 1, 32, 64] : tensor<2x2x32x64xbf16> into tensor<2x2x1x32x64xbf16>
  %e5 = tensor.empty() : tensor<2x2x2x32x64xbf16>
  %vr = linalg.generic {indexing_maps = [#unit, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%v1 : tensor<2x2x1x32x64xbf16>) outs(%e5 : tensor<2x2x2x32x64xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    linalg.yield %x : bf16
  } -> tensor<2x2x2x32x64xbf16>
  %v3 = tensor.collapse_shape %vr [[0, 1, 2], [3], [4]] : tensor<2x2x2x32x64xbf16> into tensor<8x32x64xbf16>
  %eo = tensor.empty() : tensor<8x16x64xbf16>
  %fo = linalg.fill ins(%zero : bf16) outs(%eo : tensor<8x16x64xbf16>) -> tensor<8x16x64xbf16>
  %o = linalg.batch_matmul ins(%p, %v3 : tensor<8x16x32xbf16>, tensor<8x32x64xbf16>) outs(%fo : tensor<8x16x64xbf16>) -> tensor<8x16x64xbf16>
  %o4 = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [2, 4, 16, 64] : tensor<8x16x64xbf16> into tensor<2x4x16x64xbf16>
  %et = tensor.empty() : tensor<2x16x4x64xbf16>
  %t = linalg.transpose ins(%o4 : tensor<2x4x16x64xbf16>) outs(%et : tensor<2x16x4x64xbf16>) permutation = [0, 2, 1, 3]
  return %t : tensor<2x16x4x64xbf16>
}

// -----

// A stored K x M per entry (P^T read through (b, k, m)): no rows to stack;
// V, repeated by a linalg.broadcast over a batch of one dimension (4
// entries of one [32, 64] matrix), is read as [1, 32, 64] for every entry
// (b_group = 4).
// CHECK-LABEL: func.func @transposed_a
// CHECK:       %[[V1:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1], [2]] output_shape [1, 32, 64]
// CHECK:       %[[R:.+]] = linalg.broadcast ins(%[[V1]] : tensor<1x32x64xbf16>) outs(%{{.+}} : tensor<1x4x32x64xbf16>) dimensions = [1]
// CHECK:       %[[B:.+]] = tensor.collapse_shape %[[R]] {{\[}}[0, 1], [2], [3]] : tensor<1x4x32x64xbf16> into tensor<4x32x64xbf16>
// CHECK:       linalg.batch_matmul {{.+}} {gemm_opt.b_group = 4 : i64} ins(%{{.+}}, %[[B]] : tensor<4x32x16xbf16>, tensor<4x32x64xbf16>)
// CHECK-NOT:   dimensions = [0]
func.func @transposed_a(%pt: tensor<4x32x16xbf16>, %v: tensor<32x64xbf16>) -> tensor<4x16x64xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e3 = tensor.empty() : tensor<4x32x64xbf16>
  %vr = linalg.broadcast ins(%v : tensor<32x64xbf16>) outs(%e3 : tensor<4x32x64xbf16>) dimensions = [0]
  %eo = tensor.empty() : tensor<4x16x64xbf16>
  %fo = linalg.fill ins(%zero : bf16) outs(%eo : tensor<4x16x64xbf16>) -> tensor<4x16x64xbf16>
  %o = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%pt, %vr : tensor<4x32x16xbf16>, tensor<4x32x64xbf16>) outs(%fo : tensor<4x16x64xbf16>) -> tensor<4x16x64xbf16>
  return %o : tensor<4x16x64xbf16>
}

// -----

// Stacking comes first where it applies (P V with no epilogue): the query
// heads of a key head are one entry's rows, no group.
// CHECK-LABEL: func.func @stacked
// CHECK:       linalg.batch_matmul ins(%{{.+}}, %{{.+}} : tensor<4x32x32xbf16>, tensor<4x32x64xbf16>)
// CHECK-NOT:   gemm_opt.b_group
// CHECK-NOT:   linalg.broadcast
#rep = affine_map<(b, g, r, s, d) -> (b, g, s, d)>
#id5 = affine_map<(b, g, r, s, d) -> (b, g, r, s, d)>
func.func @stacked(%p: tensor<8x16x32xbf16>, %v: tensor<2x2x32x64xbf16>) -> tensor<8x16x64xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e5 = tensor.empty() : tensor<2x2x2x32x64xbf16>
  %vr = linalg.generic {indexing_maps = [#rep, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%v : tensor<2x2x32x64xbf16>) outs(%e5 : tensor<2x2x2x32x64xbf16>) {
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

// K repeated along the batch's first dimension ([2, 2, ...] read as
// (r, g)): the entries that share a matrix are not consecutive, nothing
// changes (gemm-verify-input names the repeat).
// CHECK-LABEL: func.func @repeat_not_innermost
// CHECK:       linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]
// CHECK:       linalg.batch_matmul ins(%{{.+}}, %{{.+}} : tensor<8x16x32xbf16>, tensor<8x32x64xbf16>)
// CHECK-NOT:   gemm_opt.b_group
#outer = affine_map<(r, b, g, s, d) -> (b, g, s, d)>
#id5 = affine_map<(r, b, g, s, d) -> (r, b, g, s, d)>
func.func @repeat_not_innermost(%p: tensor<8x16x32xbf16>, %v: tensor<2x2x32x64xbf16>) -> tensor<8x16x64xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e5 = tensor.empty() : tensor<2x2x2x32x64xbf16>
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
