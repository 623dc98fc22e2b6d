// RUN: gemm-opt %s -split-input-file --gemm-fuse-epilogue-chains | FileCheck %s

// A chain after a matmul on tensors: a broadcast bias added by linalg.add,
// a generic (silu as x * sigmoid(x)), the cast to bf16 by a third op. The
// named ops become generics and upstream's elementwise fusion merges the
// chain into one generic reading the matmul's result, the bias through
// (d0, d1) -> (d1), writing the bf16 output.

// CHECK-LABEL: func.func @chain(
// CHECK:      %[[MM:.+]] = linalg.matmul
// CHECK-NOT:  linalg.add
// CHECK-NOT:  linalg.broadcast
// CHECK:      linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[MM]], %{{.+}} : tensor<16x32xf32>, tensor<32xbf16>) outs(%{{.+}} : tensor<16x32xbf16>)
// CHECK:      math.exp
// CHECK:      arith.truncf
// CHECK-NOT:  linalg.generic
// CHECK:      return
#id = affine_map<(m, n) -> (m, n)>
func.func @chain(%A: tensor<16x8xbf16>, %B: tensor<8x32xbf16>, %bias: tensor<32xbf16>) -> tensor<16x32xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<16x8xbf16>, tensor<8x32xbf16>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  %be = tensor.empty() : tensor<16x32xbf16>
  %bb = linalg.broadcast ins(%bias : tensor<32xbf16>) outs(%be : tensor<16x32xbf16>) dimensions = [0]
  %bf = tensor.empty() : tensor<16x32xf32>
  %b32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bb : tensor<16x32xbf16>) outs(%bf : tensor<16x32xf32>) {
  ^bb0(%v: bf16, %o: f32):
    %w = arith.extf %v : bf16 to f32
    linalg.yield %w : f32
  } -> tensor<16x32xf32>
  %se = tensor.empty() : tensor<16x32xf32>
  %s = linalg.add ins(%mm, %b32 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%se : tensor<16x32xf32>) -> tensor<16x32xf32>
  %ae = tensor.empty() : tensor<16x32xf32>
  %act = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<16x32xf32>) outs(%ae : tensor<16x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %one = arith.constant 1.0 : f32
    %n = arith.negf %x : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %sg = arith.divf %one, %d : f32
    %y = arith.mulf %x, %sg : f32
    linalg.yield %y : f32
  } -> tensor<16x32xf32>
  %oe = tensor.empty() : tensor<16x32xbf16>
  %out = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%act : tensor<16x32xf32>) outs(%oe : tensor<16x32xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x32xbf16>
  return %out : tensor<16x32xbf16>
}

// -----

// Nothing after the matmul: the function is left exactly as it is.

// CHECK-LABEL: func.func @no_chain(
// CHECK-NEXT: arith.constant
// CHECK-NEXT: tensor.empty
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: linalg.matmul
// CHECK-NEXT: return
func.func @no_chain(%A: tensor<16x8xf32>, %B: tensor<8x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<16x8xf32>, tensor<8x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %mm : tensor<16x32xf32>
}

// -----

// torch-mlir's 4-D batched matmul expands its 3-D result before the cast:
// the cast is collapsed onto the matmul's (batch, m, n) and reads its
// result; the expand_shape moves after it (and its 4-D init becomes a 3-D
// tensor.empty).
// CHECK-LABEL: func.func @expanded_result
// CHECK: %[[MM:.+]] = linalg.batch_matmul
// CHECK: %[[INIT:.+]] = tensor.empty() : tensor<6x16x32xf16>
// CHECK: %[[CAST:.+]] = linalg.generic
// CHECK-SAME: ins(%[[MM]] : tensor<6x16x32xf32>) outs(%[[INIT]] : tensor<6x16x32xf16>)
// CHECK: arith.truncf
// CHECK: %[[OUT:.+]] = tensor.expand_shape %[[CAST]] {{\[}}[0, 1], [2], [3]] output_shape [2, 3, 16, 32]
// CHECK: return %[[OUT]]
func.func @expanded_result(%a: tensor<6x16x8xf16>, %b: tensor<6x8x32xf16>) -> tensor<2x3x16x32xf16> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<6x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<6x16x8xf16>, tensor<6x8x32xf16>) outs(%c : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r4 = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [2, 3, 16, 32] : tensor<6x16x32xf32> into tensor<2x3x16x32xf32>
  %e = tensor.empty() : tensor<2x3x16x32xf16>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4 : tensor<2x3x16x32xf32>) outs(%e : tensor<2x3x16x32xf16>) {
  ^bb0(%in: f32, %out: f16):
    %v = arith.truncf %in : f32 to f16
    linalg.yield %v : f16
  } -> tensor<2x3x16x32xf16>
  return %o : tensor<2x3x16x32xf16>
}

// -----

// An attention mask [1, 1, q, k] read through constant-zero results (what
// torch-mlir writes for a broadcast over unit dimensions) is read as its
// [q, k] collapse through (b, h, i, j) -> (i, j); the add then collapses
// onto the batch matmul's (batch, m, n), the mask through (b, i, j) ->
// (i, j): one matrix for every batch entry.
// CHECK-DAG: #[[MASK:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @unit_broadcast_mask
// CHECK-SAME: %[[M:[a-z0-9]+]]: tensor<1x1x16x32xf32>
// CHECK: %[[MM:.+]] = linalg.batch_matmul
// CHECK: %[[M2:.+]] = tensor.collapse_shape %[[M]] {{\[}}[0, 1, 2], [3]] : tensor<1x1x16x32xf32> into tensor<16x32xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[MASK]], #[[ID]]]
// CHECK-SAME: ins(%[[MM]], %[[M2]] : tensor<6x16x32xf32>, tensor<16x32xf32>)
// CHECK: tensor.expand_shape
func.func @unit_broadcast_mask(%a: tensor<6x16x8xf16>, %b: tensor<6x8x32xf16>, %m: tensor<1x1x16x32xf32>) -> tensor<2x3x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<6x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<6x16x8xf16>, tensor<6x8x32xf16>) outs(%c : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r4 = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [2, 3, 16, 32] : tensor<6x16x32xf32> into tensor<2x3x16x32xf32>
  %e = tensor.empty() : tensor<2x3x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (0, 0, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4, %m : tensor<2x3x16x32xf32>, tensor<1x1x16x32xf32>) outs(%e : tensor<2x3x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<2x3x16x32xf32>
  return %o : tensor<2x3x16x32xf32>
}

// -----

// The 3-D form (StableHLO, IREE's input): a [1, q, k] mask read through
// (b, i, j) -> (0, i, j) on the batch matmul's result is read as its
// [q, k] collapse.
// CHECK-DAG: #[[MASK:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @unit_broadcast_mask_3d
// CHECK: %[[M2:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1], [2]] : tensor<1x16x32xf32> into tensor<16x32xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.+}}, #[[MASK]], #{{.+}}]
// CHECK-SAME: ins(%{{.+}}, %[[M2]] : tensor<6x16x32xf32>, tensor<16x32xf32>)
func.func @unit_broadcast_mask_3d(%a: tensor<6x16x8xf16>, %b: tensor<6x8x32xf16>, %m: tensor<1x16x32xf32>) -> tensor<6x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<6x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<6x16x8xf16>, tensor<6x8x32xf16>) outs(%c : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %e = tensor.empty() : tensor<6x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (0, i, j)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r, %m : tensor<6x16x32xf32>, tensor<1x16x32xf32>) outs(%e : tensor<6x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<6x16x32xf32>
  return %o : tensor<6x16x32xf32>
}

// -----

// A per-head mask [1, h, q, k] at batch 1: (0, h, i, j) reads the loop of
// one iteration, so the mask is C's shape and the add collapses onto the
// batch of 3 heads with it.
// CHECK-LABEL: func.func @per_head_mask_batch_1
// CHECK: %[[M3:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1], [2], [3]] : tensor<1x3x16x32xf32> into tensor<3x16x32xf32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.+}}, %[[M3]] : tensor<3x16x32xf32>, tensor<3x16x32xf32>)
func.func @per_head_mask_batch_1(%a: tensor<3x16x8xf16>, %b: tensor<3x8x32xf16>, %m: tensor<1x3x16x32xf32>) -> tensor<1x3x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<3x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<3x16x32xf32>) -> tensor<3x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x16x8xf16>, tensor<3x8x32xf16>) outs(%c : tensor<3x16x32xf32>) -> tensor<3x16x32xf32>
  %r4 = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [1, 3, 16, 32] : tensor<3x16x32xf32> into tensor<1x3x16x32xf32>
  %e = tensor.empty() : tensor<1x3x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (0, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4, %m : tensor<1x3x16x32xf32>, tensor<1x3x16x32xf32>) outs(%e : tensor<1x3x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<1x3x16x32xf32>
  return %o : tensor<1x3x16x32xf32>
}

// -----

// A mask read through (0, h, i, j) at one head and two batch entries: the
// head's loop of one iteration is read as a broadcast too (the mask is read
// by neither loop of the batch group), so the add collapses onto the batch
// with the mask's [q, k] collapse.
// CHECK-DAG: #[[MASK:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @mask_one_head
// CHECK: %[[M2:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1, 2], [3]] : tensor<1x1x16x32xf32> into tensor<16x32xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.+}}, #[[MASK]], #{{.+}}]
// CHECK-SAME: ins(%{{.+}}, %[[M2]] : tensor<2x16x32xf32>, tensor<16x32xf32>)
func.func @mask_one_head(%a: tensor<2x16x8xf16>, %b: tensor<2x8x32xf16>, %m: tensor<1x1x16x32xf32>) -> tensor<2x1x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<2x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x16x8xf16>, tensor<2x8x32xf16>) outs(%c : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
  %r4 = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [2, 1, 16, 32] : tensor<2x16x32xf32> into tensor<2x1x16x32xf32>
  %e = tensor.empty() : tensor<2x1x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (0, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4, %m : tensor<2x1x16x32xf32>, tensor<1x1x16x32xf32>) outs(%e : tensor<2x1x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<2x1x16x32xf32>
  return %o : tensor<2x1x16x32xf32>
}

// -----

// A scale between the batch matmul and the expand (what the operand-scale
// fold leaves): the mask's add still collapses onto the batch and fuses
// with the scale into one generic.
// CHECK-LABEL: func.func @scale_then_mask
// CHECK: %[[MM:.+]] = linalg.batch_matmul
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[MM]], %{{.+}} : tensor<6x16x32xf32>, tensor<16x32xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: tensor.expand_shape
func.func @scale_then_mask(%a: tensor<6x16x8xf16>, %b: tensor<6x8x32xf16>, %m: tensor<1x1x16x32xf32>) -> tensor<2x3x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<6x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<6x16x8xf16>, tensor<6x8x32xf16>) outs(%c : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %e3 = tensor.empty() : tensor<6x16x32xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r : tensor<6x16x32xf32>) outs(%e3 : tensor<6x16x32xf32>) {
  ^bb0(%x: f32, %out: f32):
    %k = arith.constant 0.125 : f32
    %v = arith.mulf %x, %k : f32
    linalg.yield %v : f32
  } -> tensor<6x16x32xf32>
  %r4 = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 3, 16, 32] : tensor<6x16x32xf32> into tensor<2x3x16x32xf32>
  %e = tensor.empty() : tensor<2x3x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (0, 0, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4, %m : tensor<2x3x16x32xf32>, tensor<1x1x16x32xf32>) outs(%e : tensor<2x3x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<2x3x16x32xf32>
  return %o : tensor<2x3x16x32xf32>
}

// -----

// A bias [1, n] read through (0, j) by a matmul's direct consumer: the
// row's loop is no loop a collapse merges, so the bias is read as its [n]
// collapse at any M (a dynamic M's variant of one row included).
// CHECK-DAG: #[[COL:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @unit_row_bias
// CHECK: tensor.collapse_shape %{{.+}} {{\[}}[0, 1]] : tensor<1x32xf32> into tensor<32xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.+}}, #[[COL]], #{{.+}}]
func.func @unit_row_bias(%a: tensor<1x8xf16>, %b: tensor<8x32xf16>, %bias: tensor<1x32xf32>) -> tensor<1x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<1x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<1x32xf32>) -> tensor<1x32xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1x8xf16>, tensor<8x32xf16>) outs(%c : tensor<1x32xf32>) -> tensor<1x32xf32>
  %e = tensor.empty() : tensor<1x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (0, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%r, %bias : tensor<1x32xf32>, tensor<1x32xf32>) outs(%e : tensor<1x32xf32>) {
  ^bb0(%x: f32, %bv: f32, %out: f32):
    %v = arith.addf %x, %bv : f32
    linalg.yield %v : f32
  } -> tensor<1x32xf32>
  return %o : tensor<1x32xf32>
}

// -----

// A key-padding mask [1, 1, 1, k] read through (b, h, 0, j) at one batch
// entry and one head (torch-mlir writes the loops of extent 1 it keeps): a
// group of unit loops that an input does not read whole is a broadcast, so
// the mask is read as its [k] collapse (a column vector).
// CHECK-DAG: #[[COL:.+]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @key_padding_unit_batch
// CHECK: %[[M1:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1, 2, 3]] : tensor<1x1x1x32xf32> into tensor<32xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.+}}, #[[COL]], #{{.+}}]
// CHECK-SAME: ins(%{{.+}}, %[[M1]] : tensor<1x16x32xf32>, tensor<32xf32>)
func.func @key_padding_unit_batch(%a: tensor<1x16x8xf16>, %b: tensor<1x8x32xf16>, %m: tensor<1x1x1x32xf32>) -> tensor<1x1x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<1x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<1x16x32xf32>) -> tensor<1x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<1x16x8xf16>, tensor<1x8x32xf16>) outs(%c : tensor<1x16x32xf32>) -> tensor<1x16x32xf32>
  %r4 = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [1, 1, 16, 32] : tensor<1x16x32xf32> into tensor<1x1x16x32xf32>
  %e = tensor.empty() : tensor<1x1x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, 0, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4, %m : tensor<1x1x16x32xf32>, tensor<1x1x1x32xf32>) outs(%e : tensor<1x1x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<1x1x16x32xf32>
  return %o : tensor<1x1x16x32xf32>
}

// -----

// A per-head mask of lower rank, [h, q, k] broadcast numpy-style through
// (b, h, i, j) -> (h, i, j), at one batch entry: read as its [1, h, q, k]
// expand, it is C's shape and collapses with the batch.
// CHECK-LABEL: func.func @per_head_mask_rank_3
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.+}}, %{{.+}} : tensor<3x16x32xf32>, tensor<3x16x32xf32>)
// CHECK-NOT: linalg.generic
func.func @per_head_mask_rank_3(%a: tensor<3x16x8xf16>, %b: tensor<3x8x32xf16>, %m: tensor<3x16x32xf32>) -> tensor<1x3x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<3x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<3x16x32xf32>) -> tensor<3x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x16x8xf16>, tensor<3x8x32xf16>) outs(%c : tensor<3x16x32xf32>) -> tensor<3x16x32xf32>
  %r4 = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [1, 3, 16, 32] : tensor<3x16x32xf32> into tensor<1x3x16x32xf32>
  %e = tensor.empty() : tensor<1x3x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4, %m : tensor<1x3x16x32xf32>, tensor<3x16x32xf32>) outs(%e : tensor<1x3x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<1x3x16x32xf32>
  return %o : tensor<1x3x16x32xf32>
}

// -----

// A mask per sequence [2, 1, q, k] over 3 heads: the add reads the batch
// group's (b, h) loops in part, which upstream's collapse declines; it is
// collapsed onto the batch matmul's [6, q, k] with the mask [2, q, k] read
// through (z floordiv 3, i, j), and the result expanded back.
// CHECK-DAG: #[[SEQ:.+]] = affine_map<(d0, d1, d2) -> (d0 floordiv 3, d1, d2)>
// CHECK-LABEL: func.func @mask_per_sequence
// CHECK: %[[R:.+]] = linalg.batch_matmul
// CHECK: %[[M3:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0], [1, 2], [3]] : tensor<2x1x16x32xf32> into tensor<2x16x32xf32>
// CHECK: %[[O:.+]] = linalg.generic {indexing_maps = [#{{.+}}, #[[SEQ]], #{{.+}}], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[R]], %[[M3]] : tensor<6x16x32xf32>, tensor<2x16x32xf32>)
// CHECK: tensor.expand_shape %[[O]] {{\[}}[0, 1], [2], [3]] output_shape [2, 3, 16, 32]
func.func @mask_per_sequence(%a: tensor<6x16x8xf16>, %b: tensor<6x8x32xf16>, %m: tensor<2x1x16x32xf32>) -> tensor<2x3x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<6x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<6x16x8xf16>, tensor<6x8x32xf16>) outs(%c : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r4 = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [2, 3, 16, 32] : tensor<6x16x32xf32> into tensor<2x3x16x32xf32>
  %e = tensor.empty() : tensor<2x3x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, 0, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4, %m : tensor<2x3x16x32xf32>, tensor<2x1x16x32xf32>) outs(%e : tensor<2x3x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<2x3x16x32xf32>
  return %o : tensor<2x3x16x32xf32>
}

// -----

// A key-padding mask per sequence [2, 1, 1, k] over 3 heads: collapsed
// onto the batch, the mask [2, k] read through (z floordiv 3, j), a
// vector per group of entries.
// CHECK-DAG: #[[KEYS:.+]] = affine_map<(d0, d1, d2) -> (d0 floordiv 3, d2)>
// CHECK-LABEL: func.func @key_padding_per_sequence
// CHECK: %[[R:.+]] = linalg.batch_matmul
// CHECK: %[[M2:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0], [1, 2, 3]] : tensor<2x1x1x32xf32> into tensor<2x32xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.+}}, #[[KEYS]], #{{.+}}], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[R]], %[[M2]] : tensor<6x16x32xf32>, tensor<2x32xf32>)
func.func @key_padding_per_sequence(%a: tensor<6x16x8xf16>, %b: tensor<6x8x32xf16>, %m: tensor<2x1x1x32xf32>) -> tensor<2x3x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<6x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<6x16x8xf16>, tensor<6x8x32xf16>) outs(%c : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r4 = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [2, 3, 16, 32] : tensor<6x16x32xf32> into tensor<2x3x16x32xf32>
  %e = tensor.empty() : tensor<2x3x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, 0, 0, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4, %m : tensor<2x3x16x32xf32>, tensor<2x1x1x32xf32>) outs(%e : tensor<2x3x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<2x3x16x32xf32>
  return %o : tensor<2x3x16x32xf32>
}

// -----

// A bias per head [1, h, q, k] shared by 2 sequences: read through
// (z mod 3, i, j) on [3, q, k].
// CHECK-DAG: #[[HEAD:.+]] = affine_map<(d0, d1, d2) -> (d0 mod 3, d1, d2)>
// CHECK-LABEL: func.func @bias_per_head
// CHECK: %[[B3:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1], [2], [3]] : tensor<1x3x16x32xf32> into tensor<3x16x32xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.+}}, #[[HEAD]], #{{.+}}], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%{{.+}}, %[[B3]] : tensor<6x16x32xf32>, tensor<3x16x32xf32>)
func.func @bias_per_head(%a: tensor<6x16x8xf16>, %b: tensor<6x8x32xf16>, %m: tensor<1x3x16x32xf32>) -> tensor<2x3x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<6x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<6x16x8xf16>, tensor<6x8x32xf16>) outs(%c : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r4 = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [2, 3, 16, 32] : tensor<6x16x32xf32> into tensor<2x3x16x32xf32>
  %e = tensor.empty() : tensor<2x3x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (0, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4, %m : tensor<2x3x16x32xf32>, tensor<1x3x16x32xf32>) outs(%e : tensor<2x3x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<2x3x16x32xf32>
  return %o : tensor<2x3x16x32xf32>
}

// -----

// A column bias per head [1, h, 1, k] shared by 2 sequences and the
// queries: read through (z mod 3, j) on [3, k], vectors the entries take
// in turn.
// CHECK-DAG: #[[HEADCOL:.+]] = affine_map<(d0, d1, d2) -> (d0 mod 3, d2)>
// CHECK-LABEL: func.func @column_bias_per_head
// CHECK: %[[R:.+]] = linalg.batch_matmul
// CHECK: %[[B2:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1], [2, 3]] : tensor<1x3x1x32xf32> into tensor<3x32xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.+}}, #[[HEADCOL]], #{{.+}}], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[R]], %[[B2]] : tensor<6x16x32xf32>, tensor<3x32xf32>)
func.func @column_bias_per_head(%a: tensor<6x16x8xf16>, %b: tensor<6x8x32xf16>, %m: tensor<1x3x1x32xf32>) -> tensor<2x3x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<6x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<6x16x8xf16>, tensor<6x8x32xf16>) outs(%c : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r4 = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [2, 3, 16, 32] : tensor<6x16x32xf32> into tensor<2x3x16x32xf32>
  %e = tensor.empty() : tensor<2x3x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (0, h, 0, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4, %m : tensor<2x3x16x32xf32>, tensor<1x3x1x32xf32>) outs(%e : tensor<2x3x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<2x3x16x32xf32>
  return %o : tensor<2x3x16x32xf32>
}
