// RUN: gemm-opt %s -split-input-file --gemm-stack-grouped-heads | FileCheck %s

// Grouped-query attention's scores, as gemm-fuse-epilogue-chains leaves
// them: K [2, 2, 32, 64] repeated for 2 query heads each ([2, 2, 2, 32,
// 64], collapsed to the batch of 8), the scale and a key-padding vector
// per sequence of 4 heads in the epilogue. The 2 query heads of a key head
// become the 32 rows of one of 4 entries: Q [8, 16, 64] read as
// [4, 32, 64], K collapsed as it is (no repeat), a new zero fill, the mask
// a vector per 2 entries; the result reshaped back to [8, 16, 32].
// CHECK-DAG: #[[KEYS:.+]] = affine_map<(d0, d1, d2) -> (d0 floordiv 2, d2)>
// CHECK-LABEL: func.func @scores
// CHECK-SAME:  (%[[Q:.+]]: tensor<8x16x64xbf16>, %[[K:.+]]: tensor<2x2x32x64xbf16>, %[[M:.+]]: tensor<2x32xbf16>)
// CHECK-NOT:   linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]
// CHECK-DAG:   %[[K3:.+]] = tensor.collapse_shape %[[K]] {{\[}}[0, 1], [2], [3]] : tensor<2x2x32x64xbf16> into tensor<4x32x64xbf16>
// CHECK-DAG:   %[[QS:.+]] = tensor.expand_shape %[[Q]] {{\[}}[0, 1], [2], [3]] output_shape [4, 2, 16, 64]
// CHECK-DAG:   %[[Q3:.+]] = tensor.collapse_shape %[[QS]] {{\[}}[0], [1, 2], [3]] : tensor<4x2x16x64xbf16> into tensor<4x32x64xbf16>
// CHECK:       %[[FILL:.+]] = linalg.fill ins(%{{.+}} : bf16) outs(%{{.+}} : tensor<4x32x32xbf16>)
// CHECK:       %[[S:.+]] = linalg.batch_matmul indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}] ins(%[[Q3]], %[[K3]] : tensor<4x32x64xbf16>, tensor<4x32x64xbf16>) outs(%[[FILL]] : tensor<4x32x32xbf16>)
// CHECK:       %[[E:.+]] = linalg.generic {indexing_maps = [#{{.+}}, #[[KEYS]], #{{.+}}], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[S]], %[[M]] : tensor<4x32x32xbf16>, tensor<2x32xbf16>)
// CHECK:       %[[ES:.+]] = tensor.expand_shape %[[E]] {{\[}}[0], [1, 2], [3]] output_shape [4, 2, 16, 32]
// CHECK:       %[[R:.+]] = tensor.collapse_shape %[[ES]] {{\[}}[0, 1], [2], [3]] : tensor<4x2x16x32xbf16> into tensor<8x16x32xbf16>
// CHECK:       return %[[R]]
#rep = affine_map<(b, g, r, s, d) -> (b, g, s, d)>
#id5 = affine_map<(b, g, r, s, d) -> (b, g, r, s, d)>
#id = affine_map<(z, i, j) -> (z, i, j)>
#keys = affine_map<(z, i, j) -> (z floordiv 4, j)>
func.func @scores(%q: tensor<8x16x64xbf16>, %k: tensor<2x2x32x64xbf16>, %m: tensor<2x32xbf16>) -> tensor<8x16x32xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e5 = tensor.empty() : tensor<2x2x2x32x64xbf16>
  %kr = linalg.generic {indexing_maps = [#rep, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%k : tensor<2x2x32x64xbf16>) outs(%e5 : tensor<2x2x2x32x64xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    linalg.yield %x : bf16
  } -> tensor<2x2x2x32x64xbf16>
  %k4 = tensor.collapse_shape %kr [[0], [1, 2], [3], [4]] : tensor<2x2x2x32x64xbf16> into tensor<2x4x32x64xbf16>
  %k3 = tensor.collapse_shape %k4 [[0, 1], [2], [3]] : tensor<2x4x32x64xbf16> into tensor<8x32x64xbf16>
  %es = tensor.empty() : tensor<8x16x32xbf16>
  %fs = linalg.fill ins(%zero : bf16) outs(%es : tensor<8x16x32xbf16>) -> tensor<8x16x32xbf16>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%q, %k3 : tensor<8x16x64xbf16>, tensor<8x32x64xbf16>) outs(%fs : tensor<8x16x32xbf16>) -> tensor<8x16x32xbf16>
  %e = tensor.empty() : tensor<8x16x32xbf16>
  %y = linalg.generic {indexing_maps = [#id, #keys, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s, %m : tensor<8x16x32xbf16>, tensor<2x32xbf16>) outs(%e : tensor<8x16x32xbf16>) {
  ^bb0(%x: bf16, %mv: bf16, %o: bf16):
    %c = arith.constant 0.125 : bf16
    %xs = arith.mulf %x, %c : bf16
    %r = arith.addf %xs, %mv : bf16
    linalg.yield %r : bf16
  } -> tensor<8x16x32xbf16>
  return %y : tensor<8x16x32xbf16>
}

// -----

// P V with V repeated and no epilogue: P [8, 16, 32] stacked to
// [4, 32, 32], V [2, 2, 32, 64] collapsed to [4, 32, 64], the result
// reshaped back.
// CHECK-LABEL: func.func @values
// CHECK:       %[[O:.+]] = linalg.batch_matmul ins(%{{.+}}, %{{.+}} : tensor<4x32x32xbf16>, tensor<4x32x64xbf16>) outs(%{{.+}} : tensor<4x32x64xbf16>)
// CHECK:       tensor.expand_shape %[[O]] {{\[}}[0], [1, 2], [3]] output_shape [4, 2, 16, 64]
// CHECK-NOT:   linalg.generic
#rep = affine_map<(b, g, r, s, d) -> (b, g, s, d)>
#id5 = affine_map<(b, g, r, s, d) -> (b, g, r, s, d)>
func.func @values(%p: tensor<8x16x32xbf16>, %v: tensor<2x2x32x64xbf16>) -> tensor<8x16x64xbf16> {
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

// A mask over the queries (one [16, 32] matrix for every entry): a stacked
// row would read another query's mask row, so nothing changes (the repeat
// is left for gemm-fold-grouped-repeats).
// CHECK-LABEL: func.func @query_mask
// CHECK:       linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]
// CHECK:       linalg.batch_matmul {{.*}} ins(%{{.+}}, %{{.+}} : tensor<8x16x64xbf16>, tensor<8x32x64xbf16>)
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

// K repeated along the batch's first dimension ([2, 2, ...] read as
// (r, g)): the entries that share a matrix are not consecutive, nothing
// changes.
// CHECK-LABEL: func.func @repeat_not_innermost
// CHECK:       linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]
// CHECK:       linalg.batch_matmul ins(%{{.+}}, %{{.+}} : tensor<8x16x32xbf16>, tensor<8x32x64xbf16>)
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

// -----

// torch-mlir's repeat_kv: K unsqueezed ([2, 2, 1, 32, 64]) and expanded by
// a generic reading the unit dimension at 0. Stacked as above, K's unit
// dimension collapsed into the batch.
// CHECK-LABEL: func.func @unsqueezed_repeat
// CHECK:       %[[K1:.+]] = tensor.expand_shape %[[K:.+]] {{\[}}[0], [1], [2, 3], [4]] output_shape [2, 2, 1, 32, 64]
// CHECK:       %[[K3:.+]] = tensor.collapse_shape %[[K1]] {{\[}}[0, 1, 2], [3], [4]] : tensor<2x2x1x32x64xbf16> into tensor<4x32x64xbf16>
// CHECK:       linalg.batch_matmul ins(%{{.+}}, %[[K3]] : tensor<4x32x32xbf16>, tensor<4x32x64xbf16>)
// CHECK-NOT:   linalg.generic
#unit = affine_map<(b, g, r, s, d) -> (b, g, 0, s, d)>
#id5 = affine_map<(b, g, r, s, d) -> (b, g, r, s, d)>
func.func @unsqueezed_repeat(%p: tensor<8x16x32xbf16>, %k: tensor<2x2x32x64xbf16>) -> tensor<8x16x64xbf16> {
  %zero = arith.constant 0.0 : bf16
  %k1 = tensor.expand_shape %k [[0], [1], [2, 3], [4]] output_shape [2, 2, 1, 32, 64] : tensor<2x2x32x64xbf16> into tensor<2x2x1x32x64xbf16>
  %e5 = tensor.empty() : tensor<2x2x2x32x64xbf16>
  %kr = linalg.generic {indexing_maps = [#unit, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%k1 : tensor<2x2x1x32x64xbf16>) outs(%e5 : tensor<2x2x2x32x64xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    linalg.yield %x : bf16
  } -> tensor<2x2x2x32x64xbf16>
  %k3 = tensor.collapse_shape %kr [[0, 1, 2], [3], [4]] : tensor<2x2x2x32x64xbf16> into tensor<8x32x64xbf16>
  %eo = tensor.empty() : tensor<8x16x64xbf16>
  %fo = linalg.fill ins(%zero : bf16) outs(%eo : tensor<8x16x64xbf16>) -> tensor<8x16x64xbf16>
  %o = linalg.batch_matmul ins(%p, %k3 : tensor<8x16x32xbf16>, tensor<8x32x64xbf16>) outs(%fo : tensor<8x16x64xbf16>) -> tensor<8x16x64xbf16>
  return %o : tensor<8x16x64xbf16>
}

// -----

// The repeat as a linalg.broadcast (StableHLO's broadcast_in_dim), and no
// dimension besides the repeat in the batch: one entry of 4 x 16 rows, V
// read as [1, 32, 64].
// CHECK-LABEL: func.func @broadcast_repeat
// CHECK:       %[[V1:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1], [2]] output_shape [1, 32, 64]
// CHECK:       linalg.batch_matmul ins(%{{.+}}, %[[V1]] : tensor<1x64x32xbf16>, tensor<1x32x64xbf16>)
// CHECK-NOT:   linalg.broadcast
func.func @broadcast_repeat(%p: tensor<4x16x32xbf16>, %v: tensor<32x64xbf16>) -> tensor<4x16x64xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e3 = tensor.empty() : tensor<4x32x64xbf16>
  %vr = linalg.broadcast ins(%v : tensor<32x64xbf16>) outs(%e3 : tensor<4x32x64xbf16>) dimensions = [0]
  %eo = tensor.empty() : tensor<4x16x64xbf16>
  %fo = linalg.fill ins(%zero : bf16) outs(%eo : tensor<4x16x64xbf16>) -> tensor<4x16x64xbf16>
  %o = linalg.batch_matmul ins(%p, %vr : tensor<4x16x32xbf16>, tensor<4x32x64xbf16>) outs(%fo : tensor<4x16x64xbf16>) -> tensor<4x16x64xbf16>
  return %o : tensor<4x16x64xbf16>
}
