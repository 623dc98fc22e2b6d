// RUN: gemm-opt %s -split-input-file --gemm-naive | FileCheck %s

// Attention's output transpose(1, 2) after bufferization: the batch
// matmul's zero-filled temporary [6, 8, 4] is read only by the permuting
// copy of its [2, 3, 8, 4] view into [2, 8, 3, 4]. The kernel writes the
// copy's output in place: entry z's C is the subview [z / 3, 0, z % 3, 0]
// of it, rows 3 * 4 elements apart (c_heads = 3); the temporary, its fill,
// the expand and the copy are gone.
// CHECK-LABEL: func.func @heads(
// CHECK-SAME:      %[[P:.*]]: memref<2x3x8x16xf16> {gemm_opt.role = "A"}, %[[V:.*]]: memref<2x3x16x4xf16> {gemm_opt.role = "B"})
// CHECK:         %[[O:.*]] = memref.alloc() {alignment = 64 : i64, gemm_opt.role = "C"} : memref<2x8x3x4xf32>
// CHECK:         gpu.launch blocks(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %[[Z:[a-z0-9_]+]]) in
// CHECK:           %[[H:.*]] = arith.constant 3 : index
// CHECK:           %[[S:.*]] = arith.divui %[[Z]], %[[H]] : index
// CHECK:           %[[HEAD:.*]] = arith.remui %[[Z]], %[[H]] : index
// CHECK:           %[[C:.*]] = memref.subview %[[O]][%[[S]], 0, %[[HEAD]], 0] [1, 8, 1, 4] [1, 1, 1, 1] : memref<2x8x3x4xf32> to memref<8x4xf32, strided<[12, 1], offset: ?>>
// CHECK:           memref.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}] : memref<8x4xf32, strided<[12, 1], offset: ?>>
// CHECK:         } {gemm_opt.kernel = "matmul", {{.*}}gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, batch = 6, c = f32, c_heads = 3, k = 16, m = 8, n = 4>
// CHECK-NOT:     linalg.
// CHECK-NOT:     memref.expand_shape
// CHECK:         return %[[O]] : memref<2x8x3x4xf32>
func.func @heads(%arg0: memref<2x3x8x16xf16>, %arg1: memref<2x3x16x4xf16>) -> memref<2x8x3x4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %p = memref.collapse_shape %arg0 [[0, 1], [2], [3]] : memref<2x3x8x16xf16> into memref<6x8x16xf16>
  %v = memref.collapse_shape %arg1 [[0, 1], [2], [3]] : memref<2x3x16x4xf16> into memref<6x16x4xf16>
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<6x8x4xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<6x8x4xf32>)
  linalg.batch_matmul ins(%p, %v : memref<6x8x16xf16>, memref<6x16x4xf16>) outs(%alloc : memref<6x8x4xf32>)
  %x = memref.expand_shape %alloc [[0, 1], [2], [3]] output_shape [2, 3, 8, 4] : memref<6x8x4xf32> into memref<2x3x8x4xf32>
  %out = memref.alloc() {alignment = 64 : i64} : memref<2x8x3x4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : memref<2x3x8x4xf32>) outs(%out : memref<2x8x3x4xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  return %out : memref<2x8x3x4xf32>
}

// -----

// With a fused epilogue (the cast to bf16) between the matmul and the
// copy, into the collapsed [2, 8, 12] result (its [2, 8, 3, 4] view): the
// kernel writes the consumer's values in the copy's layout.
// CHECK-LABEL: func.func @heads_epilogue(
// CHECK:         %[[O:.*]] = memref.alloc() {gemm_opt.role = "C"} : memref<2x8x12xbf16>
// CHECK:         %[[X:.*]] = memref.expand_shape %[[O]] {{\[}}[0], [1], [2, 3]] output_shape [2, 8, 3, 4] : memref<2x8x12xbf16> into memref<2x8x3x4xbf16>
// CHECK:         gpu.launch
// CHECK:           memref.subview %[[X]][%{{.*}}, 0, %{{.*}}, 0] [1, 8, 1, 4] [1, 1, 1, 1] : memref<2x8x3x4xbf16> to memref<8x4xbf16, strided<[12, 1], offset: ?>>
// CHECK:         gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, batch = 6, c = bf16, c_heads = 3, k = 16, m = 8, n = 4>
// CHECK-NOT:     linalg.
// CHECK:         return %[[O]]
func.func @heads_epilogue(%p: memref<6x8x16xbf16>, %v: memref<6x16x4xbf16>) -> memref<2x8x12xbf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %acc = memref.alloc() : memref<6x8x4xf32>
  linalg.fill ins(%cst : f32) outs(%acc : memref<6x8x4xf32>)
  linalg.batch_matmul ins(%p, %v : memref<6x8x16xbf16>, memref<6x16x4xbf16>) outs(%acc : memref<6x8x4xf32>)
  %cast = memref.alloc() : memref<6x8x4xbf16>
  linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%acc : memref<6x8x4xf32>) outs(%cast : memref<6x8x4xbf16>) {
  ^bb0(%in: f32, %o: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  }
  %x = memref.expand_shape %cast [[0, 1], [2], [3]] output_shape [2, 3, 8, 4] : memref<6x8x4xbf16> into memref<2x3x8x4xbf16>
  %out = memref.alloc() {gemm_opt.role = "C"} : memref<2x8x12xbf16>
  %out4 = memref.expand_shape %out [[0], [1], [2, 3]] output_shape [2, 8, 3, 4] : memref<2x8x12xbf16> into memref<2x8x3x4xbf16>
  linalg.transpose ins(%x : memref<2x3x8x4xbf16>) outs(%out4 : memref<2x8x3x4xbf16>) permutation = [0, 2, 1, 3]
  return %out : memref<2x8x12xbf16>
}
