// RUN: gemm-opt %s --gemm-fold-operand-transposes --split-input-file | FileCheck %s

// nn.Linear's x * W^T as torch-mlir writes it: W (N x K) transposed by a
// linalg.transpose, then a plain linalg.matmul. The matmul reads W in
// place as (n, k); the transpose and its tensor.empty are gone.
// CHECK-DAG: #[[MK:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[NK:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MN:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @linear
// CHECK-SAME: (%[[X:.+]]: tensor<128x512xf16>, %[[W:.+]]: tensor<256x512xf16>)
// CHECK-NOT: linalg.transpose
// CHECK-NOT: tensor<512x256xf16>
// CHECK: linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]]
// CHECK-SAME: ins(%[[X]], %[[W]] : tensor<128x512xf16>, tensor<256x512xf16>)
func.func @linear(%x: tensor<128x512xf16>, %w: tensor<256x512xf16>) -> tensor<128x256xf32> {
  %e = tensor.empty() : tensor<512x256xf16>
  %wt = linalg.transpose ins(%w : tensor<256x512xf16>) outs(%e : tensor<512x256xf16>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<128x256xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<128x256xf32>) -> tensor<128x256xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<128x512xf16>, tensor<512x256xf16>) outs(%c : tensor<128x256xf32>) -> tensor<128x256xf32>
  return %r : tensor<128x256xf32>
}

// -----

// Attention's Q * K^T: K (b, s, d) transposed to (b, d, s) into a
// linalg.batch_matmul, which then reads K as (b, n, k).
// CHECK-DAG: #[[BMK:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[BNK:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[BMN:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @scores
// CHECK-SAME: (%[[Q:.+]]: tensor<4x128x64xbf16>, %[[K:.+]]: tensor<4x256x64xbf16>)
// CHECK-NOT: linalg.transpose
// CHECK: linalg.batch_matmul indexing_maps = [#[[BMK]], #[[BNK]], #[[BMN]]]
// CHECK-SAME: ins(%[[Q]], %[[K]] :
func.func @scores(%q: tensor<4x128x64xbf16>, %k: tensor<4x256x64xbf16>) -> tensor<4x128x256xf32> {
  %e = tensor.empty() : tensor<4x64x256xbf16>
  %kt = linalg.transpose ins(%k : tensor<4x256x64xbf16>) outs(%e : tensor<4x64x256xbf16>) permutation = [0, 2, 1]
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<4x128x256xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
  %r = linalg.batch_matmul ins(%q, %kt : tensor<4x128x64xbf16>, tensor<4x64x256xbf16>) outs(%c : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
  return %r : tensor<4x128x256xf32>
}

// -----

// Older torch-mlir: the transpose is a linalg.generic that only permutes;
// A is transposed twice (which reads it as it is stored) and B once.
// CHECK-DAG: #[[MK:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[NK:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MN:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @generic_copies
// CHECK-SAME: (%[[A:.+]]: tensor<128x512xf32>, %[[B:.+]]: tensor<256x512xf32>)
// CHECK-NOT: linalg.generic
// CHECK-NOT: linalg.transpose
// CHECK: linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]]
// CHECK-SAME: ins(%[[A]], %[[B]] :
#id = affine_map<(i, j) -> (i, j)>
#tr = affine_map<(i, j) -> (j, i)>
func.func @generic_copies(%a: tensor<128x512xf32>, %b: tensor<256x512xf32>) -> tensor<128x256xf32> {
  %e0 = tensor.empty() : tensor<512x128xf32>
  %at = linalg.transpose ins(%a : tensor<128x512xf32>) outs(%e0 : tensor<512x128xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<128x512xf32>
  %att = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%at : tensor<512x128xf32>) outs(%e1 : tensor<128x512xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<128x512xf32>
  %e2 = tensor.empty() : tensor<512x256xf32>
  %bt = linalg.generic {indexing_maps = [#id, #tr], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<256x512xf32>) outs(%e2 : tensor<512x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<512x256xf32>
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<128x256xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<128x256xf32>) -> tensor<128x256xf32>
  %r = linalg.matmul ins(%att, %bt : tensor<128x512xf32>, tensor<512x256xf32>) outs(%c : tensor<128x256xf32>) -> tensor<128x256xf32>
  return %r : tensor<128x256xf32>
}

// -----

// A transposed copy with another use stays for that use (gemm-verify-input
// then rejects it); the matmul reads the source all the same.
// CHECK-LABEL: func.func @other_use
// CHECK-SAME: (%[[X:.+]]: tensor<16x32xf16>, %[[W:.+]]: tensor<48x32xf16>)
// CHECK: %[[WT:.+]] = linalg.transpose
// CHECK: linalg.matmul indexing_maps
// CHECK-SAME: ins(%[[X]], %[[W]] :
// CHECK: return %{{.+}}, %[[WT]]
func.func @other_use(%x: tensor<16x32xf16>, %w: tensor<48x32xf16>) -> (tensor<16x48xf32>, tensor<32x48xf16>) {
  %e = tensor.empty() : tensor<32x48xf16>
  %wt = linalg.transpose ins(%w : tensor<48x32xf16>) outs(%e : tensor<32x48xf16>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<16x48xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<16x48xf32>) -> tensor<16x48xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<16x32xf16>, tensor<32x48xf16>) outs(%c : tensor<16x48xf32>) -> tensor<16x48xf32>
  return %r, %wt : tensor<16x48xf32>, tensor<32x48xf16>
}

// -----

// Swapping the batch with the rows is no layout of linalg.batch_matmul
// (the batch must come first): nothing changes.
// CHECK-LABEL: func.func @batch_not_first
// CHECK: linalg.transpose
// CHECK: linalg.batch_matmul ins(
func.func @batch_not_first(%a: tensor<128x4x64xbf16>, %b: tensor<4x64x256xbf16>) -> tensor<4x128x256xf32> {
  %e = tensor.empty() : tensor<4x128x64xbf16>
  %at = linalg.transpose ins(%a : tensor<128x4x64xbf16>) outs(%e : tensor<4x128x64xbf16>) permutation = [1, 0, 2]
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<4x128x256xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
  %r = linalg.batch_matmul ins(%at, %b : tensor<4x128x64xbf16>, tensor<4x64x256xbf16>) outs(%c : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
  return %r : tensor<4x128x256xf32>
}

// -----

// On memrefs: a transposed copy into a buffer only the matmul reads is
// folded, and the buffer with its dealloc erased.
// CHECK-DAG: #[[KM:.+]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-LABEL: func.func @memref_a
// CHECK-SAME: (%[[A:.+]]: memref<512x128xf16>, %[[B:.+]]: memref<512x256xf16>, %[[C:.+]]: memref<128x256xf32>)
// CHECK-NOT: memref.alloc
// CHECK: linalg.fill
// CHECK-NEXT: linalg.matmul indexing_maps = [#[[KM]],
// CHECK-SAME: ins(%[[A]], %[[B]] :
// CHECK-NOT: memref.dealloc
func.func @memref_a(%a: memref<512x128xf16>, %b: memref<512x256xf16>, %c: memref<128x256xf32>) {
  %t = memref.alloc() : memref<128x512xf16>
  linalg.transpose ins(%a : memref<512x128xf16>) outs(%t : memref<128x512xf16>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<128x256xf32>)
  linalg.matmul ins(%t, %b : memref<128x512xf16>, memref<512x256xf16>) outs(%c : memref<128x256xf32>)
  memref.dealloc %t : memref<128x512xf16>
  return
}

// -----

// On memrefs, a write to the copy's source between the copy and the
// matmul keeps the copy: the matmul must read what was copied.
// CHECK-LABEL: func.func @memref_source_written
// CHECK: linalg.transpose
// CHECK: linalg.matmul ins(
func.func @memref_source_written(%a: memref<512x128xf16>, %b: memref<512x256xf16>, %c: memref<128x256xf32>) {
  %t = memref.alloc() : memref<128x512xf16>
  linalg.transpose ins(%a : memref<512x128xf16>) outs(%t : memref<128x512xf16>) permutation = [1, 0]
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%a : memref<512x128xf16>)
  linalg.matmul ins(%t, %b : memref<128x512xf16>, memref<512x256xf16>) outs(%c : memref<128x256xf32>)
  memref.dealloc %t : memref<128x512xf16>
  return
}

// -----

// torch-mlir's 4-D K^T: the last two dimensions of K (b, h, keys, d)
// transposed, then batch and heads collapsed for linalg.batch_matmul. The
// collapse moves above the transpose (K collapsed to (b * h, keys, d)),
// which the batch_matmul then reads in place as (b, n, k).
// CHECK-DAG: #[[BNK:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-LABEL: func.func @scores_4d
// CHECK-SAME: (%{{.+}}: tensor<2x3x16x8xf16>, %[[K:.+]]: tensor<2x3x32x8xf16>)
// CHECK-NOT: linalg.transpose
// CHECK: %[[K3:.+]] = tensor.collapse_shape %[[K]] {{\[}}[0, 1], [2], [3]] : tensor<2x3x32x8xf16> into tensor<6x32x8xf16>
// CHECK-NOT: linalg.transpose
// CHECK: linalg.batch_matmul indexing_maps = [#{{.+}}, #[[BNK]], #{{.+}}]
// CHECK-SAME: ins(%{{.+}}, %[[K3]] :
func.func @scores_4d(%q: tensor<2x3x16x8xf16>, %k: tensor<2x3x32x8xf16>) -> tensor<6x16x32xf32> {
  %et = tensor.empty() : tensor<2x3x8x32xf16>
  %kt = linalg.transpose ins(%k : tensor<2x3x32x8xf16>) outs(%et : tensor<2x3x8x32xf16>) permutation = [0, 1, 3, 2]
  %q3 = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<2x3x16x8xf16> into tensor<6x16x8xf16>
  %kt3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x3x8x32xf16> into tensor<6x8x32xf16>
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<6x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r = linalg.batch_matmul ins(%q3, %kt3 : tensor<6x16x8xf16>, tensor<6x8x32xf16>) outs(%c : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  return %r : tensor<6x16x32xf32>
}

// -----

// A collapse that merges a transposed dimension with another reads no
// layout: nothing moves.
// CHECK-LABEL: func.func @collapse_mixes
// CHECK: linalg.transpose
// CHECK: tensor.collapse_shape
// CHECK: linalg.batch_matmul ins(
func.func @collapse_mixes(%a: tensor<6x16x8xf16>, %k: tensor<2x8x3x32xf16>) -> tensor<6x16x32xf32> {
  %et = tensor.empty() : tensor<2x3x8x32xf16>
  %kt = linalg.transpose ins(%k : tensor<2x8x3x32xf16>) outs(%et : tensor<2x3x8x32xf16>) permutation = [0, 2, 1, 3]
  %kt3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x3x8x32xf16> into tensor<6x8x32xf16>
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<6x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %kt3 : tensor<6x16x8xf16>, tensor<6x8x32xf16>) outs(%c : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  return %r : tensor<6x16x32xf32>
}

// -----

// On memrefs, a write through a view between the copy and the matmul (it
// may be of the source) keeps the copy too.
// CHECK-LABEL: func.func @memref_view_written
// CHECK: linalg.transpose
// CHECK: linalg.matmul ins(
func.func @memref_view_written(%a: memref<512x128xf16>, %b: memref<512x256xf16>, %c: memref<128x256xf32>) {
  %t = memref.alloc() : memref<128x512xf16>
  linalg.transpose ins(%a : memref<512x128xf16>) outs(%t : memref<128x512xf16>) permutation = [1, 0]
  %rows = memref.subview %a[0, 0] [8, 128] [1, 1] : memref<512x128xf16> to memref<8x128xf16, strided<[128, 1]>>
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%rows : memref<8x128xf16, strided<[128, 1]>>)
  linalg.matmul ins(%t, %b : memref<128x512xf16>, memref<512x256xf16>) outs(%c : memref<128x256xf32>)
  memref.dealloc %t : memref<128x512xf16>
  return
}

// -----

// One transpose read as both operands: folded into both maps, erased once.
// CHECK-DAG: #[[KM:.+]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[NK:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @both_operands
// CHECK-SAME: (%[[X:.+]]: tensor<64x64xf16>)
// CHECK-NOT: linalg.transpose
// CHECK: linalg.matmul indexing_maps = [#[[KM]], #[[NK]], #{{.+}}] ins(%[[X]], %[[X]] :
func.func @both_operands(%x: tensor<64x64xf16>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf16>
  %t = linalg.transpose ins(%x : tensor<64x64xf16>) outs(%e : tensor<64x64xf16>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%t, %t : tensor<64x64xf16>, tensor<64x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
