// RUN: gemm-opt %s --gemm-fold-result-transposes --split-input-file | FileCheck %s

// (x @ w).t(): the matmul's result only feeds a linalg.transpose. It is
// computed as the matmul of w and x into a zero fill of the transpose's
// output: w read K x N as the transposed A, x read M x K as the
// transposed B; the first matmul, its fill and the transpose are gone.
// CHECK-DAG: #[[TA:.+]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[TB:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @transposed
// CHECK-SAME: (%[[X:.+]]: tensor<16x32xbf16>, %[[W:.+]]: tensor<32x48xbf16>)
// CHECK: %[[E:.+]] = tensor.empty() : tensor<48x16xf32>
// CHECK: %[[Z:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E]] : tensor<48x16xf32>)
// CHECK: %[[R:.+]] = linalg.matmul indexing_maps = [#[[TA]], #[[TB]], #[[C]]] ins(%[[W]], %[[X]] : tensor<32x48xbf16>, tensor<16x32xbf16>) outs(%[[Z]] : tensor<48x16xf32>)
// CHECK-NEXT: return %[[R]]
// CHECK-NOT: linalg.transpose
func.func @transposed(%x: tensor<16x32xbf16>, %w: tensor<32x48xbf16>) -> tensor<48x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x48xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<16x48xf32>) -> tensor<16x48xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x32xbf16>, tensor<32x48xbf16>) outs(%c : tensor<16x48xf32>) -> tensor<16x48xf32>
  %te = tensor.empty() : tensor<48x16xf32>
  %t = linalg.transpose ins(%y : tensor<16x48xf32>) outs(%te : tensor<48x16xf32>) permutation = [1, 0]
  return %t : tensor<48x16xf32>
}

// -----

// nn.Linear's x @ W^T, transposed: B was read N x K, so the new A (W) is
// read in place as M x K and the new B (x) as N x K.
// CHECK-DAG: #[[A:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[B:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @linear_transposed
// CHECK-SAME: (%[[X:.+]]: tensor<16x32xf16>, %[[W:.+]]: tensor<48x32xf16>)
// CHECK: linalg.matmul indexing_maps = [#[[A]], #[[B]], #{{.+}}] ins(%[[W]], %[[X]] : tensor<48x32xf16>, tensor<16x32xf16>) outs(%{{.+}} : tensor<48x16xf16>)
func.func @linear_transposed(%x: tensor<16x32xf16>, %w: tensor<48x32xf16>) -> tensor<48x16xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<16x48xf16>
  %c = linalg.fill ins(%z : f16) outs(%e : tensor<16x48xf16>) -> tensor<16x48xf16>
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %w : tensor<16x32xf16>, tensor<48x32xf16>) outs(%c : tensor<16x48xf16>) -> tensor<16x48xf16>
  %te = tensor.empty() : tensor<48x16xf16>
  %t = linalg.transpose ins(%y : tensor<16x48xf16>) outs(%te : tensor<48x16xf16>) permutation = [1, 0]
  return %t : tensor<48x16xf16>
}

// -----

// A batch transposed entry by entry by a linalg.generic that only permutes:
// the batch_matmul of b and a (b's entries read (n, k) become A's (m, k)).
// CHECK-DAG: #[[BKM:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
// CHECK-DAG: #[[BNK:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[BMN:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @batch_generic
// CHECK-SAME: (%[[A:.+]]: tensor<3x8x32xbf16>, %[[B:.+]]: tensor<3x32x12xbf16>)
// CHECK: linalg.batch_matmul indexing_maps = [#[[BKM]], #[[BNK]], #[[BMN]]] ins(%[[B]], %[[A]] : tensor<3x32x12xbf16>, tensor<3x8x32xbf16>) outs(%{{.+}} : tensor<3x12x8xf32>)
// CHECK-NOT: linalg.generic
func.func @batch_generic(%a: tensor<3x8x32xbf16>, %b: tensor<3x32x12xbf16>) -> tensor<3x12x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x8x12xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<3x8x12xf32>) -> tensor<3x8x12xf32>
  %y = linalg.batch_matmul ins(%a, %b : tensor<3x8x32xbf16>, tensor<3x32x12xbf16>) outs(%c : tensor<3x8x12xf32>) -> tensor<3x8x12xf32>
  %te = tensor.empty() : tensor<3x12x8xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, j, i)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y : tensor<3x8x12xf32>) outs(%te : tensor<3x12x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<3x12x8xf32>
  return %t : tensor<3x12x8xf32>
}

// -----

// torch's 4-D matmul(a, b).transpose(-2, -1): the batch_matmul's result
// expanded to batch x heads, then its last two dimensions swapped. The
// transpose moves before the expand (of the 3-D result: [0, 2, 1]) and
// folds: the batch_matmul of b and a, expanded to the transposed 4-D shape.
// CHECK-LABEL: func.func @expanded
// CHECK-SAME: (%[[A:.+]]: tensor<6x8x32xbf16>, %[[B:.+]]: tensor<6x32x12xbf16>)
// CHECK: %[[R:.+]] = linalg.batch_matmul {{.*}} ins(%[[B]], %[[A]] : tensor<6x32x12xbf16>, tensor<6x8x32xbf16>) outs(%{{.+}} : tensor<6x12x8xf32>)
// CHECK: %[[X:.+]] = tensor.expand_shape %[[R]] {{\[}}[0, 1], [2], [3]] output_shape [2, 3, 12, 8] : tensor<6x12x8xf32> into tensor<2x3x12x8xf32>
// CHECK: return %[[X]]
// CHECK-NOT: linalg.transpose
func.func @expanded(%a: tensor<6x8x32xbf16>, %b: tensor<6x32x12xbf16>) -> tensor<2x3x12x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x8x12xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<6x8x12xf32>) -> tensor<6x8x12xf32>
  %y = linalg.batch_matmul ins(%a, %b : tensor<6x8x32xbf16>, tensor<6x32x12xbf16>) outs(%c : tensor<6x8x12xf32>) -> tensor<6x8x12xf32>
  %x = tensor.expand_shape %y [[0, 1], [2], [3]] output_shape [2, 3, 8, 12] : tensor<6x8x12xf32> into tensor<2x3x8x12xf32>
  %te = tensor.empty() : tensor<2x3x12x8xf32>
  %t = linalg.transpose ins(%x : tensor<2x3x8x12xf32>) outs(%te : tensor<2x3x12x8xf32>) permutation = [0, 1, 3, 2]
  return %t : tensor<2x3x12x8xf32>
}

// -----

// A permutation that splits a group of the expand (the heads before the
// batch) has no transpose of the 3-D result: unchanged.
// CHECK-LABEL: func.func @expanded_split
// CHECK: linalg.batch_matmul ins(%arg0, %arg1
// CHECK: tensor.expand_shape
// CHECK: linalg.transpose
func.func @expanded_split(%a: tensor<6x8x32xbf16>, %b: tensor<6x32x12xbf16>) -> tensor<3x2x8x12xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x8x12xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<6x8x12xf32>) -> tensor<6x8x12xf32>
  %y = linalg.batch_matmul ins(%a, %b : tensor<6x8x32xbf16>, tensor<6x32x12xbf16>) outs(%c : tensor<6x8x12xf32>) -> tensor<6x8x12xf32>
  %x = tensor.expand_shape %y [[0, 1], [2], [3]] output_shape [2, 3, 8, 12] : tensor<6x8x12xf32> into tensor<2x3x8x12xf32>
  %te = tensor.empty() : tensor<3x2x8x12xf32>
  %t = linalg.transpose ins(%x : tensor<2x3x8x12xf32>) outs(%te : tensor<3x2x8x12xf32>) permutation = [1, 0, 2, 3]
  return %t : tensor<3x2x8x12xf32>
}

// -----

// A transpose after elementwise ops on the result (a bias add, a ReLU, a
// cast) moves above them: the matmul of w and x into a new tensor of the
// transposed shape, the elementwise op writing the transpose's output and
// reading the bias, a vector of C's columns, as one of its rows.
// CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @through_elementwise
// CHECK-SAME: (%[[X:.+]]: tensor<16x32xbf16>, %[[W:.+]]: tensor<32x48xbf16>, %[[BIAS:.+]]: tensor<48xf32>)
// CHECK: %[[OUT:.+]] = tensor.empty() : tensor<48x16xbf16>
// CHECK: %[[E:.+]] = tensor.empty() : tensor<48x16xf32>
// CHECK: %[[Z:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E]] : tensor<48x16xf32>)
// CHECK: %[[R:.+]] = linalg.matmul {{.*}} ins(%[[W]], %[[X]] : tensor<32x48xbf16>, tensor<16x32xbf16>) outs(%[[Z]] : tensor<48x16xf32>)
// CHECK: %[[G:.+]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], {{.*}}} ins(%[[R]], %[[BIAS]] : tensor<48x16xf32>, tensor<48xf32>) outs(%[[OUT]] : tensor<48x16xbf16>)
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: arith.truncf
// CHECK: return %[[G]]
// CHECK-NOT: linalg.transpose
func.func @through_elementwise(%x: tensor<16x32xbf16>, %w: tensor<32x48xbf16>, %bias: tensor<48xf32>) -> tensor<48x16xbf16> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x48xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<16x48xf32>) -> tensor<16x48xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x32xbf16>, tensor<32x48xbf16>) outs(%c : tensor<16x48xf32>) -> tensor<16x48xf32>
  %be = tensor.empty() : tensor<16x48xbf16>
  %b = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%y, %bias : tensor<16x48xf32>, tensor<48xf32>) outs(%be : tensor<16x48xbf16>) {
  ^bb0(%v: f32, %bb: f32, %o: bf16):
    %s = arith.addf %v, %bb : f32
    %r = arith.maximumf %s, %z : f32
    %t = arith.truncf %r : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x48xbf16>
  %te = tensor.empty() : tensor<48x16xbf16>
  %tr = linalg.transpose ins(%b : tensor<16x48xbf16>) outs(%te : tensor<48x16xbf16>) permutation = [1, 0]
  return %tr : tensor<48x16xbf16>
}

// -----

// Not moved: an elementwise op that also reads an operand of C's shape (a
// residual: it would be read transposed), one whose result has another
// use, and a chain over a run-time M (the new tensors below its top would
// need their sizes).
// CHECK-LABEL: func.func @residual
// CHECK: linalg.matmul ins(%arg0, %arg1
// CHECK: linalg.generic
// CHECK: linalg.transpose
// CHECK-LABEL: func.func @shared_result
// CHECK: linalg.matmul ins(%arg0, %arg1
// CHECK: linalg.generic
// CHECK: linalg.transpose
// CHECK-LABEL: func.func @dynamic_chain
// CHECK: linalg.matmul {{.*}}ins(%arg0, %arg1
// CHECK: linalg.generic
// CHECK: linalg.transpose
func.func @residual(%x: tensor<16x32xbf16>, %w: tensor<32x48xbf16>, %r: tensor<16x48xf32>) -> tensor<48x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x48xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<16x48xf32>) -> tensor<16x48xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x32xbf16>, tensor<32x48xbf16>) outs(%c : tensor<16x48xf32>) -> tensor<16x48xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%y, %r : tensor<16x48xf32>, tensor<16x48xf32>) outs(%e : tensor<16x48xf32>) {
  ^bb0(%v: f32, %w2: f32, %o: f32):
    %a = arith.addf %v, %w2 : f32
    linalg.yield %a : f32
  } -> tensor<16x48xf32>
  %te = tensor.empty() : tensor<48x16xf32>
  %tr = linalg.transpose ins(%s : tensor<16x48xf32>) outs(%te : tensor<48x16xf32>) permutation = [1, 0]
  return %tr : tensor<48x16xf32>
}
func.func @shared_result(%x: tensor<16x32xbf16>, %w: tensor<32x48xbf16>) -> (tensor<48x16xf32>, tensor<16x48xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x48xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<16x48xf32>) -> tensor<16x48xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x32xbf16>, tensor<32x48xbf16>) outs(%c : tensor<16x48xf32>) -> tensor<16x48xf32>
  %e2 = tensor.empty() : tensor<16x48xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<16x48xf32>) outs(%e2 : tensor<16x48xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %z : f32
    linalg.yield %m : f32
  } -> tensor<16x48xf32>
  %te = tensor.empty() : tensor<48x16xf32>
  %tr = linalg.transpose ins(%s : tensor<16x48xf32>) outs(%te : tensor<48x16xf32>) permutation = [1, 0]
  return %tr, %s : tensor<48x16xf32>, tensor<16x48xf32>
}

func.func @dynamic_chain(%x: tensor<?x32xbf16>, %w: tensor<48x32xbf16>, %bias: tensor<48xf32>) -> tensor<48x?xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x32xbf16>
  %e = tensor.empty(%m) : tensor<?x48xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<?x48xf32>) -> tensor<?x48xf32>
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %w : tensor<?x32xbf16>, tensor<48x32xbf16>) outs(%c : tensor<?x48xf32>) -> tensor<?x48xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%y, %bias : tensor<?x48xf32>, tensor<48xf32>) outs(%e : tensor<?x48xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    linalg.yield %s : f32
  } -> tensor<?x48xf32>
  %te = tensor.empty(%m) : tensor<48x?xf32>
  %t = linalg.transpose ins(%b : tensor<?x48xf32>) outs(%te : tensor<48x?xf32>) permutation = [1, 0]
  return %t : tensor<48x?xf32>
}

// -----

// Not folded (each unchanged): the matmul's result is also returned; the
// matmul accumulates into an argument (C is not a zero fill); one B shared
// by every batch entry (the matmul of B and A would need a batched B as
// its A); a transpose that moves the batch.
// CHECK-LABEL: func.func @other_use
// CHECK: linalg.matmul ins(%arg0, %arg1
// CHECK: linalg.transpose
// CHECK-LABEL: func.func @accumulating
// CHECK: linalg.matmul ins(%arg0, %arg1
// CHECK: linalg.transpose
// CHECK-LABEL: func.func @shared_b
// CHECK: linalg.batch_matmul
// CHECK: linalg.transpose
// CHECK-LABEL: func.func @batch_moved
// CHECK: linalg.batch_matmul ins(%arg0, %arg1
// CHECK: linalg.transpose
func.func @other_use(%x: tensor<16x32xbf16>, %w: tensor<32x48xbf16>) -> (tensor<48x16xf32>, tensor<16x48xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x48xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<16x48xf32>) -> tensor<16x48xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x32xbf16>, tensor<32x48xbf16>) outs(%c : tensor<16x48xf32>) -> tensor<16x48xf32>
  %te = tensor.empty() : tensor<48x16xf32>
  %t = linalg.transpose ins(%y : tensor<16x48xf32>) outs(%te : tensor<48x16xf32>) permutation = [1, 0]
  return %t, %y : tensor<48x16xf32>, tensor<16x48xf32>
}
func.func @accumulating(%x: tensor<16x32xbf16>, %w: tensor<32x48xbf16>, %c: tensor<16x48xf32>) -> tensor<48x16xf32> {
  %y = linalg.matmul ins(%x, %w : tensor<16x32xbf16>, tensor<32x48xbf16>) outs(%c : tensor<16x48xf32>) -> tensor<16x48xf32>
  %te = tensor.empty() : tensor<48x16xf32>
  %t = linalg.transpose ins(%y : tensor<16x48xf32>) outs(%te : tensor<48x16xf32>) permutation = [1, 0]
  return %t : tensor<48x16xf32>
}
func.func @shared_b(%a: tensor<3x8x32xbf16>, %b: tensor<32x12xbf16>) -> tensor<3x12x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x8x12xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<3x8x12xf32>) -> tensor<3x8x12xf32>
  %y = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%a, %b : tensor<3x8x32xbf16>, tensor<32x12xbf16>) outs(%c : tensor<3x8x12xf32>) -> tensor<3x8x12xf32>
  %te = tensor.empty() : tensor<3x12x8xf32>
  %t = linalg.transpose ins(%y : tensor<3x8x12xf32>) outs(%te : tensor<3x12x8xf32>) permutation = [0, 2, 1]
  return %t : tensor<3x12x8xf32>
}
func.func @batch_moved(%a: tensor<3x8x32xbf16>, %b: tensor<3x32x12xbf16>) -> tensor<8x3x12xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x8x12xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<3x8x12xf32>) -> tensor<3x8x12xf32>
  %y = linalg.batch_matmul ins(%a, %b : tensor<3x8x32xbf16>, tensor<3x32x12xbf16>) outs(%c : tensor<3x8x12xf32>) -> tensor<3x8x12xf32>
  %te = tensor.empty() : tensor<8x3x12xf32>
  %t = linalg.transpose ins(%y : tensor<3x8x12xf32>) outs(%te : tensor<8x3x12xf32>) permutation = [1, 0, 2]
  return %t : tensor<8x3x12xf32>
}

// -----

// Attention's output transpose(1, 2) stays (the first rung writes C in its
// layout, rows h * d apart), last after the matmul: a bias over d and the
// cast to bf16 after it move above it, reading the bias through the
// permutation (still (d)), the transpose now of their [b, h, q, d] result.
// CHECK-LABEL: func.func @heads_epilogue_after
// CHECK-SAME: (%{{.+}}: tensor<6x8x16xbf16>, %{{.+}}: tensor<6x16x4xbf16>, %[[BIAS:.+]]: tensor<4xf32>)
// CHECK: %[[R:.+]] = linalg.batch_matmul
// CHECK: %[[X:.+]] = tensor.expand_shape %[[R]] {{\[}}[0, 1], [2], [3]] output_shape [2, 3, 8, 4]
// CHECK: %[[E:.+]] = tensor.empty() : tensor<2x3x8x4xf32>
// CHECK: %[[ADD:.+]] = linalg.generic {indexing_maps = [#{{.+}}, #[[D:.+]], #{{.+}}], {{.*}} ins(%[[X]], %[[BIAS]] : tensor<2x3x8x4xf32>, tensor<4xf32>) outs(%[[E]] : tensor<2x3x8x4xf32>)
// CHECK: %[[CAST:.+]] = linalg.generic {{.*}} ins(%[[ADD]] : tensor<2x3x8x4xf32>) outs(%{{.+}} : tensor<2x3x8x4xbf16>)
// CHECK: %[[T:.+]] = linalg.transpose ins(%[[CAST]] : tensor<2x3x8x4xbf16>) outs(%{{.+}} : tensor<2x8x3x4xbf16>) permutation = [0, 2, 1, 3]
// CHECK: return %[[T]]
func.func @heads_epilogue_after(%p: tensor<6x8x16xbf16>, %v: tensor<6x16x4xbf16>, %bias: tensor<4xf32>) -> tensor<2x8x3x4xbf16> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x8x4xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<6x8x4xf32>) -> tensor<6x8x4xf32>
  %o3 = linalg.batch_matmul ins(%p, %v : tensor<6x8x16xbf16>, tensor<6x16x4xbf16>) outs(%c : tensor<6x8x4xf32>) -> tensor<6x8x4xf32>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 3, 8, 4] : tensor<6x8x4xf32> into tensor<2x3x8x4xf32>
  %te = tensor.empty() : tensor<2x8x3x4xf32>
  %t = linalg.transpose ins(%o : tensor<2x3x8x4xf32>) outs(%te : tensor<2x8x3x4xf32>) permutation = [0, 2, 1, 3]
  %ea = tensor.empty() : tensor<2x8x3x4xf32>
  %add = linalg.generic {indexing_maps = [affine_map<(b, q, h, d) -> (b, q, h, d)>, affine_map<(b, q, h, d) -> (d)>, affine_map<(b, q, h, d) -> (b, q, h, d)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t, %bias : tensor<2x8x3x4xf32>, tensor<4xf32>) outs(%ea : tensor<2x8x3x4xf32>) {
  ^bb0(%x: f32, %b: f32, %out: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x8x3x4xf32>
  %eb = tensor.empty() : tensor<2x8x3x4xbf16>
  %cast = linalg.generic {indexing_maps = [affine_map<(b, q, h, d) -> (b, q, h, d)>, affine_map<(b, q, h, d) -> (b, q, h, d)>],
                          iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%add : tensor<2x8x3x4xf32>) outs(%eb : tensor<2x8x3x4xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %r = arith.truncf %x : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<2x8x3x4xbf16>
  return %cast : tensor<2x8x3x4xbf16>
}

// -----

// One head: the transpose is the reshape [2, 8, 4] -> [2, 8, 1, 4].
// CHECK-LABEL: func.func @heads_one
// CHECK: %[[R:.+]] = linalg.batch_matmul
// CHECK: %[[X:.+]] = tensor.expand_shape %[[R]] {{\[}}[0], [1], [2, 3]] output_shape [2, 8, 1, 4] : tensor<2x8x4xf32> into tensor<2x8x1x4xf32>
// CHECK: return %[[X]]
// CHECK-NOT: linalg.transpose
func.func @heads_one(%p: tensor<2x8x16xf16>, %v: tensor<2x16x4xf16>) -> tensor<2x8x1x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x4xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o3 = linalg.batch_matmul ins(%p, %v : tensor<2x8x16xf16>, tensor<2x16x4xf16>) outs(%c : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 1, 8, 4] : tensor<2x8x4xf32> into tensor<2x1x8x4xf32>
  %te = tensor.empty() : tensor<2x8x1x4xf32>
  %t = linalg.transpose ins(%o : tensor<2x1x8x4xf32>) outs(%te : tensor<2x8x1x4xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<2x8x1x4xf32>
}
