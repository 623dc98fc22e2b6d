// RUN: gemm-opt %s -split-input-file --gemm-outline-kernel-ops | FileCheck %s

// Attention over 3 heads, bufferized: a softmax over the last dimension of
// S [3, 8, 16] between batch matmuls. Its function takes rows x cols views
// (24 x 16) of the caller's buffers, collapsed in the caller right before
// the call, and holds the 2-D softmax that the softmax rungs compile; the
// batch matmuls keep their 3-D buffers.
// CHECK-LABEL: func.func @heads(
// CHECK-SAME:      %[[Q:.*]]: memref<3x8x4xf16>, %[[K:.*]]: memref<3x16x4xf16>, %[[V:.*]]: memref<3x16x4xf16>, %[[O:.*]]: memref<3x8x4xf16>)
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<3x8x16xf16>
// CHECK-NEXT:    %[[P:.*]] = memref.alloc() : memref<3x8x16xf16>
// CHECK-NEXT:    call @heads_op0(%[[Q]], %[[K]], %[[S]]) : (memref<3x8x4xf16>, memref<3x16x4xf16>, memref<3x8x16xf16>) -> ()
// CHECK-NEXT:    %[[SR:.*]] = memref.collapse_shape %[[S]] {{\[}}[0, 1], [2]] : memref<3x8x16xf16> into memref<24x16xf16>
// CHECK-NEXT:    %[[PR:.*]] = memref.collapse_shape %[[P]] {{\[}}[0, 1], [2]] : memref<3x8x16xf16> into memref<24x16xf16>
// CHECK-NEXT:    call @heads_op1(%[[SR]], %[[PR]]) : (memref<24x16xf16>, memref<24x16xf16>) -> ()
// CHECK-NEXT:    call @heads_op2(%[[P]], %[[V]], %[[O]]) : (memref<3x8x16xf16>, memref<3x16x4xf16>, memref<3x8x4xf16>) -> ()
// CHECK-NEXT:    return
// CHECK-NOT:   linalg.

// CHECK-LABEL: func.func private @heads_op0(
// CHECK-SAME:      memref<3x8x4xf16>, %{{.*}}: memref<3x16x4xf16>, %{{.*}}: memref<3x8x16xf16>)
// CHECK:         linalg.batch_matmul

// CHECK-LABEL: func.func private @heads_op1(
// CHECK-SAME:      %[[X:.*]]: memref<24x16xf16>, %[[Y:.*]]: memref<24x16xf16>)
// CHECK-SAME:      attributes {gemm_opt.outlined_op = "softmax"}
// CHECK-NEXT:    linalg.softmax dimension(1) ins(%[[X]] : memref<24x16xf16>) outs(%[[Y]] : memref<24x16xf16>)
// CHECK-NEXT:    return

// CHECK-LABEL: func.func private @heads_op2(
// CHECK-SAME:      memref<3x8x16xf16>, %{{.*}}: memref<3x16x4xf16>, %{{.*}}: memref<3x8x4xf16>)
// CHECK:         linalg.batch_matmul
func.func @heads(%Q: memref<3x8x4xf16>, %K: memref<3x16x4xf16>, %V: memref<3x16x4xf16>, %O: memref<3x8x4xf16>) {
  %S = memref.alloc() : memref<3x8x16xf16>
  %P = memref.alloc() : memref<3x8x16xf16>
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%Q, %K : memref<3x8x4xf16>, memref<3x16x4xf16>) outs(%S : memref<3x8x16xf16>)
  linalg.softmax dimension(2) ins(%S : memref<3x8x16xf16>) outs(%P : memref<3x8x16xf16>)
  linalg.batch_matmul ins(%P, %V : memref<3x8x16xf16>, memref<3x16x4xf16>) outs(%O : memref<3x8x4xf16>)
  return
}

// -----

// A 4-D softmax (heads of two sequences) between 2-D matmuls: all leading
// dimensions are rows. A function of one N-D softmax is not outlined (the
// softmax-3pass rung collapses it).
// CHECK-LABEL: func.func @four_d(
// CHECK:         %[[XR:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0, 1, 2], [3]] : memref<2x3x4x16xf32> into memref<24x16xf32>
// CHECK-NEXT:    %[[YR:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0, 1, 2], [3]] : memref<2x3x4x16xf32> into memref<24x16xf32>
// CHECK-NEXT:    call @four_d_op1(%[[XR]], %[[YR]]) : (memref<24x16xf32>, memref<24x16xf32>) -> ()
// CHECK-LABEL: func.func private @four_d_op1(
// CHECK-SAME:      memref<24x16xf32>, %{{.*}}: memref<24x16xf32>)
// CHECK-NEXT:    linalg.softmax dimension(1)
// CHECK-LABEL: func.func @one_op(
// CHECK-NEXT:    linalg.softmax dimension(2) ins(%{{.*}} : memref<2x3x16xf32>)
// CHECK-NEXT:    return
func.func @four_d(%A: memref<24x8xf32>, %B: memref<8x16xf32>, %X: memref<2x3x4x16xf32>, %Y: memref<2x3x4x16xf32>, %C: memref<24x16xf32>) {
  linalg.matmul ins(%A, %B : memref<24x8xf32>, memref<8x16xf32>) outs(%C : memref<24x16xf32>)
  linalg.softmax dimension(3) ins(%X : memref<2x3x4x16xf32>) outs(%Y : memref<2x3x4x16xf32>)
  return
}
func.func @one_op(%X: memref<2x3x16xf32>, %Y: memref<2x3x16xf32>) {
  linalg.softmax dimension(2) ins(%X : memref<2x3x16xf32>) outs(%Y : memref<2x3x16xf32>)
  return
}
