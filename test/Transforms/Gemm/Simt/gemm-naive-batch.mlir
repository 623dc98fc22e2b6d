// RUN: gemm-opt %s -split-input-file --gemm-naive | FileCheck %s

// linalg.batch_matmul: the batch is blockIdx.z. The kernel's grid gains z
// = batch (3), its body takes rank-reducing subviews of A, B and C at
// blockIdx.z and runs the 2-D kernel on them (A stored K x M through the
// op's indexing_maps, read as stored); the problem records batch = 3.

// CHECK-LABEL: func.func @batched_tn(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<3x259x130xf32> {gemm_opt.role = "A"}
// CHECK-SAME: %[[B:[a-z0-9_]+]]: memref<3x259x67xf32> {gemm_opt.role = "B"}
// CHECK-SAME: %[[C:[a-z0-9_]+]]: memref<3x130x67xf32> {gemm_opt.role = "C"}
// CHECK-NOT:  linalg.batch_matmul
// CHECK-NOT:  memref.subview
// CHECK:      %[[GX:[a-z0-9_]+]] = arith.constant 5 : index
// CHECK-NEXT: %[[GY:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK:      %[[GZ:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-NEXT: gpu.launch
// CHECK-SAME:   blocks(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %[[BZ:[a-z0-9_]+]]) in (%{{[a-z0-9_]+}} = %[[GX]], %{{[a-z0-9_]+}} = %[[GY]], %{{[a-z0-9_]+}} = %[[GZ]])
// CHECK-NEXT: %[[CV:[a-z0-9_]+]] = memref.subview %[[C]][%[[BZ]], 0, 0] [1, 130, 67] [1, 1, 1] : memref<3x130x67xf32> to memref<130x67xf32, strided<[67, 1], offset: ?>>
// CHECK-NEXT: %[[AV:[a-z0-9_]+]] = memref.subview %[[A]][%[[BZ]], 0, 0] [1, 259, 130] [1, 1, 1] : memref<3x259x130xf32> to memref<259x130xf32, strided<[130, 1], offset: ?>>
// CHECK-NEXT: %[[BV:[a-z0-9_]+]] = memref.subview %[[B]][%[[BZ]], 0, 0] [1, 259, 67] [1, 1, 1] : memref<3x259x67xf32> to memref<259x67xf32, strided<[67, 1], offset: ?>>
// CHECK:      %[[ROW:[a-z0-9_]+]] = arith.addi
// CHECK:      %[[COL:[a-z0-9_]+]] = arith.addi
// CHECK:      memref.load %[[CV]][%[[ROW]], %[[COL]]]
// CHECK:      scf.for %[[K:[a-z0-9_]+]] =
// CHECK-NEXT: memref.load %[[AV]][%[[K]], %[[ROW]]]
// CHECK-NEXT: memref.load %[[BV]][%[[K]], %[[COL]]]
// CHECK:      memref.store %{{.*}}, %[[CV]][%[[ROW]], %[[COL]]]
// CHECK:      } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-rows", gemm_opt.problem = #gemm_opt.matmul<a = f32, accumulate = true, b = f32, batch = 3, c = f32, k = 259, m = 130, n = 67, transpose_a = true>}
// CHECK-NEXT: return
func.func @batched_tn(%A: memref<3x259x130xf32>, %B: memref<3x259x67xf32>, %C: memref<3x130x67xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x259x130xf32>, memref<3x259x67xf32>) outs(%C : memref<3x130x67xf32>)
  return
}

// -----

// A zero fill folds (beta = 0); a batch of 1 keeps its 3-D buffers and
// still reads its entry through the subviews (grid z = 1, batch elided).

// CHECK-LABEL: func.func @batch_of_one(
// CHECK-NOT:  linalg.fill
// CHECK:      gpu.launch
// CHECK-SAME:   blocks(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %[[BZ:[a-z0-9_]+]]) in
// CHECK:      memref.subview %{{.*}}[%[[BZ]], 0, 0] [1, 8, 8] [1, 1, 1] : memref<1x8x8xf16> to memref<8x8xf16, strided<[8, 1], offset: ?>>
// CHECK:      gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f16, k = 4, m = 8, n = 8>}
func.func @batch_of_one(%A: memref<1x8x4xf16>, %B: memref<1x4x8xf16>, %C: memref<1x8x8xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<1x8x8xf16>)
  linalg.batch_matmul ins(%A, %B : memref<1x8x4xf16>, memref<1x4x8xf16>) outs(%C : memref<1x8x8xf16>)
  return
}

// -----

// B shared by every entry (its map leaves out the batch: a 3-D activation
// times a 2-D weight, K x N: MLIR 22's batch_matmul cannot broadcast a
// transposed B), A stored K x M: A and C get their entry's subviews, B is
// read as it is; the problem records shared_b.

// CHECK-LABEL: func.func @shared_weight(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<4x16x10xf16> {gemm_opt.role = "A"}
// CHECK-SAME: %[[B:[a-z0-9_]+]]: memref<16x12xf16> {gemm_opt.role = "B"}
// CHECK:      gpu.launch
// CHECK-SAME:   blocks(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %[[BZ:[a-z0-9_]+]]) in
// CHECK-NOT:  memref.subview %[[B]]
// CHECK-DAG:  %[[AV:[a-z0-9_]+]] = memref.subview %[[A]][%[[BZ]], 0, 0] [1, 16, 10] [1, 1, 1]
// CHECK-DAG:  memref.subview %{{.*}}[%[[BZ]], 0, 0] [1, 10, 12] [1, 1, 1] : memref<4x10x12xf32>
// CHECK-NOT:  memref.subview %[[B]]
// CHECK:      scf.for %[[K:[a-z0-9_]+]] =
// CHECK-NEXT: memref.load %[[AV]][%[[K]], %{{.*}}]
// CHECK:      memref.load %[[B]][%[[K]], %{{.*}}] : memref<16x12xf16>
// CHECK:      gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, batch = 4, c = f32, k = 16, m = 10, n = 12, shared_b = true, transpose_a = true>}
func.func @shared_weight(%A: memref<4x16x10xf16>, %B: memref<16x12xf16>, %C: memref<4x10x12xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<4x10x12xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x16x10xf16>, memref<16x12xf16>) outs(%C : memref<4x10x12xf32>)
  return
}
