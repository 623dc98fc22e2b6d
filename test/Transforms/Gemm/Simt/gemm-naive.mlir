// RUN: gemm-opt %s -split-input-file --gemm-naive | FileCheck %s

// The v0 mapping (seed 000 v0): one thread per element of C, grid
// ceil(M/32) x ceil(N/32), 32x32 threads, row = blockIdx.x*32 + threadIdx.x,
// col = blockIdx.y*32 + threadIdx.y, a bounds check, and a K loop of FMAs
// starting from C (linalg.matmul accumulates). M=100 and N=40 make the grid
// 4 x 2, so a swap of x and y shows.

// CHECK-LABEL: func.func @accumulate(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<100x48xf32> {gemm_opt.role = "A"}
// CHECK-SAME: %[[B:[a-z0-9_]+]]: memref<48x40xf32> {gemm_opt.role = "B"}
// CHECK-SAME: %[[C:[a-z0-9_]+]]: memref<100x40xf32> {gemm_opt.role = "C"}
// CHECK-NOT:  linalg.matmul
// CHECK:      %[[GX:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[GY:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[GZ:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[TX:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[TY:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[TZ:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: gpu.launch
// CHECK-SAME:   blocks(%[[BIDX:[a-z0-9_]+]], %[[BIDY:[a-z0-9_]+]], %{{[a-z0-9_]+}}) in (%{{[a-z0-9_]+}} = %[[GX]], %{{[a-z0-9_]+}} = %[[GY]], %{{[a-z0-9_]+}} = %[[GZ]])
// CHECK-SAME:   threads(%[[TIDX:[a-z0-9_]+]], %[[TIDY:[a-z0-9_]+]], %{{[a-z0-9_]+}}) in (%{{[a-z0-9_]+}} = %[[TX]], %{{[a-z0-9_]+}} = %[[TY]], %{{[a-z0-9_]+}} = %[[TZ]])
// CHECK-NEXT: %[[C32:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[ROWBASE:[a-z0-9_]+]] = arith.muli %[[BIDX]], %[[C32]] : index
// CHECK-NEXT: %[[ROW:[a-z0-9_]+]] = arith.addi %[[ROWBASE]], %[[TIDX]] : index
// CHECK-NEXT: %[[C32B:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[COLBASE:[a-z0-9_]+]] = arith.muli %[[BIDY]], %[[C32B]] : index
// CHECK-NEXT: %[[COL:[a-z0-9_]+]] = arith.addi %[[COLBASE]], %[[TIDY]] : index
// CHECK-NEXT: %[[M:[a-z0-9_]+]] = arith.constant 100 : index
// CHECK-NEXT: %[[ROWOK:[a-z0-9_]+]] = arith.cmpi ult, %[[ROW]], %[[M]] : index
// CHECK-NEXT: %[[N:[a-z0-9_]+]] = arith.constant 40 : index
// CHECK-NEXT: %[[COLOK:[a-z0-9_]+]] = arith.cmpi ult, %[[COL]], %[[N]] : index
// CHECK-NEXT: %[[INB:[a-z0-9_]+]] = arith.andi %[[ROWOK]], %[[COLOK]] : i1
// CHECK-NEXT: scf.if %[[INB]] {
// CHECK-NEXT:   %[[INIT:[a-z0-9_]+]] = memref.load %[[C]][%[[ROW]], %[[COL]]] : memref<100x40xf32>
// CHECK-NEXT:   %[[K0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT:   %[[KN:[a-z0-9_]+]] = arith.constant 48 : index
// CHECK-NEXT:   %[[K1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT:   %[[SUM:[a-z0-9_]+]] = scf.for %[[K:[a-z0-9_]+]] = %[[K0]] to %[[KN]] step %[[K1]] iter_args(%[[ACC:[a-z0-9_]+]] = %[[INIT]]) -> (f32) {
// CHECK-NEXT:     %[[AV:[a-z0-9_]+]] = memref.load %[[A]][%[[ROW]], %[[K]]] : memref<100x48xf32>
// CHECK-NEXT:     %[[BV:[a-z0-9_]+]] = memref.load %[[B]][%[[K]], %[[COL]]] : memref<48x40xf32>
// CHECK-NEXT:     %[[FMA:[a-z0-9_]+]] = math.fma %[[AV]], %[[BV]], %[[ACC]] : f32
// CHECK-NEXT:     scf.yield %[[FMA]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   memref.store %[[SUM]], %[[C]][%[[ROW]], %[[COL]]] : memref<100x40xf32>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-rows", gemm_opt.problem = #gemm_opt.matmul<a = f32, accumulate = true, b = f32, c = f32, k = 48, m = 100, n = 40>}
// CHECK-NEXT: return
func.func @accumulate(%A: memref<100x48xf32>, %B: memref<48x40xf32>, %C: memref<100x40xf32>) {
  linalg.matmul ins(%A, %B : memref<100x48xf32>, memref<48x40xf32>) outs(%C : memref<100x40xf32>)
  return
}

// -----

// A zero linalg.fill of C right before the matmul is folded: the fill is
// gone, the accumulator starts at 0.0, C is only stored (beta = 0).

// CHECK-LABEL: func.func @zero_fill_folded(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<64x16xf32> {gemm_opt.role = "A"}
// CHECK-SAME: %[[B:[a-z0-9_]+]]: memref<16x96xf32> {gemm_opt.role = "B"}
// CHECK-SAME: %[[C:[a-z0-9_]+]]: memref<64x96xf32> {gemm_opt.role = "C"}
// CHECK-NOT:  linalg.fill
// CHECK:      %[[GX:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[GY:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK:      gpu.launch blocks(%{{.*}}) in (%{{[a-z0-9_]+}} = %[[GX]], %{{[a-z0-9_]+}} = %[[GY]],
// CHECK-NOT:  memref.load %[[C]]
// CHECK:      scf.if
// CHECK-NEXT:   %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NOT:    memref.load %[[C]]
// CHECK:        %[[SUM:[a-z0-9_]+]] = scf.for {{.*}} iter_args({{%[a-z0-9_]+}} = %[[ZERO]]) -> (f32) {
// CHECK-NOT:    memref.load %[[C]]
// CHECK:          math.fma
// CHECK-NOT:    memref.load %[[C]]
// CHECK:        memref.store %[[SUM]], %[[C]][{{.*}}] : memref<64x96xf32>
// CHECK: } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-rows", gemm_opt.problem = #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 16, m = 64, n = 96>}
// CHECK-NOT:  linalg.fill
// CHECK:      return
func.func @zero_fill_folded(%A: memref<64x16xf32>, %B: memref<16x96xf32>, %C: memref<64x96xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x96xf32>)
  linalg.matmul ins(%A, %B : memref<64x16xf32>, memref<16x96xf32>) outs(%C : memref<64x96xf32>)
  return
}

// -----

// A fill of anything but zero is not folded: it stays, and the kernel
// accumulates into C (beta = 1).

// CHECK-LABEL: func.func @nonzero_fill_kept(
// CHECK-SAME: %[[C:[a-z0-9_]+]]: memref<8x8xf32> {gemm_opt.role = "C"}
// CHECK:      linalg.fill ins(%{{.*}} : f32) outs(%[[C]] : memref<8x8xf32>)
// CHECK:      gpu.launch
// CHECK:      scf.if
// CHECK-NEXT:   %[[INIT:[a-z0-9_]+]] = memref.load %[[C]]
// CHECK:        scf.for {{.*}} iter_args({{%[a-z0-9_]+}} = %[[INIT]]) -> (f32)
// CHECK:      gemm_opt.problem = #gemm_opt.matmul<a = f32, accumulate = true,
func.func @nonzero_fill_kept(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%C : memref<8x8xf32>)
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

// f16 inputs accumulating into f32: A and B are widened with arith.extf,
// the f32 accumulator is stored as is.

// CHECK-LABEL: func.func @f16_to_f32(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<8x4xf16> {gemm_opt.role = "A"}
// CHECK-SAME: %[[B:[a-z0-9_]+]]: memref<4x8xf16> {gemm_opt.role = "B"}
// CHECK-SAME: %[[C:[a-z0-9_]+]]: memref<8x8xf32> {gemm_opt.role = "C"}
// CHECK:      scf.if
// CHECK-NEXT:   %[[INIT:[a-z0-9_]+]] = memref.load %[[C]][{{.*}}] : memref<8x8xf32>
// CHECK-NOT:    arith.extf
// CHECK:        %[[SUM:[a-z0-9_]+]] = scf.for {{.*}} iter_args(%[[ACC:[a-z0-9_]+]] = %[[INIT]]) -> (f32) {
// CHECK-NEXT:     %[[AH:[a-z0-9_]+]] = memref.load %[[A]][{{.*}}] : memref<8x4xf16>
// CHECK-NEXT:     %[[AF:[a-z0-9_]+]] = arith.extf %[[AH]] : f16 to f32
// CHECK-NEXT:     %[[BH:[a-z0-9_]+]] = memref.load %[[B]][{{.*}}] : memref<4x8xf16>
// CHECK-NEXT:     %[[BF:[a-z0-9_]+]] = arith.extf %[[BH]] : f16 to f32
// CHECK-NEXT:     %[[FMA:[a-z0-9_]+]] = math.fma %[[AF]], %[[BF]], %[[ACC]] : f32
// CHECK-NEXT:     scf.yield %[[FMA]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   memref.store %[[SUM]], %[[C]][{{.*}}] : memref<8x8xf32>
// CHECK: } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-rows", gemm_opt.problem = #gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f32, k = 4, m = 8, n = 8>}
func.func @f16_to_f32(%A: memref<8x4xf16>, %B: memref<4x8xf16>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x4xf16>, memref<4x8xf16>) outs(%C : memref<8x8xf32>)
  return
}

// -----

// bf16 in and out: the bf16 C is widened to start the f32 accumulator and
// the result is narrowed back with arith.truncf before the store.

// CHECK-LABEL: func.func @bf16_to_bf16(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<8x4xbf16> {gemm_opt.role = "A"}
// CHECK-SAME: %[[B:[a-z0-9_]+]]: memref<4x8xbf16> {gemm_opt.role = "B"}
// CHECK-SAME: %[[C:[a-z0-9_]+]]: memref<8x8xbf16> {gemm_opt.role = "C"}
// CHECK:      scf.if
// CHECK-NEXT:   %[[CH:[a-z0-9_]+]] = memref.load %[[C]][{{.*}}] : memref<8x8xbf16>
// CHECK-NEXT:   %[[INIT:[a-z0-9_]+]] = arith.extf %[[CH]] : bf16 to f32
// CHECK:        %[[SUM:[a-z0-9_]+]] = scf.for {{.*}} iter_args(%[[ACC:[a-z0-9_]+]] = %[[INIT]]) -> (f32) {
// CHECK-NEXT:     %[[AH:[a-z0-9_]+]] = memref.load %[[A]][{{.*}}] : memref<8x4xbf16>
// CHECK-NEXT:     %[[AF:[a-z0-9_]+]] = arith.extf %[[AH]] : bf16 to f32
// CHECK-NEXT:     %[[BH:[a-z0-9_]+]] = memref.load %[[B]][{{.*}}] : memref<4x8xbf16>
// CHECK-NEXT:     %[[BF:[a-z0-9_]+]] = arith.extf %[[BH]] : bf16 to f32
// CHECK-NEXT:     %[[FMA:[a-z0-9_]+]] = math.fma %[[AF]], %[[BF]], %[[ACC]] : f32
// CHECK-NEXT:     scf.yield %[[FMA]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[OUT:[a-z0-9_]+]] = arith.truncf %[[SUM]] : f32 to bf16
// CHECK-NEXT:   memref.store %[[OUT]], %[[C]][{{.*}}] : memref<8x8xbf16>
// CHECK: } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-rows", gemm_opt.problem = #gemm_opt.matmul<a = bf16, accumulate = true, b = bf16, c = bf16, k = 4, m = 8, n = 8>}
func.func @bf16_to_bf16(%A: memref<8x4xbf16>, %B: memref<4x8xbf16>, %C: memref<8x8xbf16>) {
  linalg.matmul ins(%A, %B : memref<8x4xbf16>, memref<4x8xbf16>) outs(%C : memref<8x8xbf16>)
  return
}

// -----

// f16 in and out with a zero fill: accumulator starts at 0.0 in f32 and the
// result is narrowed to f16.

// CHECK-LABEL: func.func @f16_to_f16_zero_fill(
// CHECK-SAME: %[[C:[a-z0-9_]+]]: memref<8x8xf16> {gemm_opt.role = "C"}
// CHECK-NOT:  linalg.fill
// CHECK:      scf.if
// CHECK-NEXT:   %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK:        %[[SUM:[a-z0-9_]+]] = scf.for {{.*}} iter_args({{%[a-z0-9_]+}} = %[[ZERO]]) -> (f32) {
// CHECK:        %[[OUT:[a-z0-9_]+]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK-NEXT:   memref.store %[[OUT]], %[[C]][{{.*}}] : memref<8x8xf16>
// CHECK:      gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f16, k = 4, m = 8, n = 8>
func.func @f16_to_f16_zero_fill(%A: memref<8x4xf16>, %B: memref<4x8xf16>, %C: memref<8x8xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<8x8xf16>)
  linalg.matmul ins(%A, %B : memref<8x4xf16>, memref<4x8xf16>) outs(%C : memref<8x8xf16>)
  return
}

// -----

// C may be an allocation of the function: its role goes on the memref.alloc.

// CHECK-LABEL: func.func @c_is_alloc(
// CHECK-SAME: {gemm_opt.role = "A"}
// CHECK-SAME: {gemm_opt.role = "B"}
// CHECK:      %[[C:[a-z0-9_]+]] = memref.alloc() {gemm_opt.role = "C"} : memref<8x8xf32>
// CHECK:      gpu.launch
// CHECK:      memref.store {{%[a-z0-9_]+}}, %[[C]][{{.*}}] : memref<8x8xf32>
func.func @c_is_alloc(%A: memref<8x4xf32>, %B: memref<4x8xf32>) {
  %C = memref.alloc() : memref<8x8xf32>
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

// 1x1x1: one block, still 32x32 threads, bounds 1 and 1, K loop of 1.

// CHECK-LABEL: func.func @one_by_one(
// CHECK:      %[[GX:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[GY:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[GZ:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[TX:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[TY:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[TZ:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: gpu.launch
// CHECK-SAME:   in (%{{[a-z0-9_]+}} = %[[GX]], %{{[a-z0-9_]+}} = %[[GY]], %{{[a-z0-9_]+}} = %[[GZ]])
// CHECK-SAME:   in (%{{[a-z0-9_]+}} = %[[TX]], %{{[a-z0-9_]+}} = %[[TY]], %{{[a-z0-9_]+}} = %[[TZ]])
// CHECK:      %[[M:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: arith.cmpi ult, {{%[a-z0-9_]+}}, %[[M]] : index
// CHECK-NEXT: %[[N:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: arith.cmpi ult, {{%[a-z0-9_]+}}, %[[N]] : index
// CHECK:      %[[K0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[KN:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[K1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: scf.for {{%[a-z0-9_]+}} = %[[K0]] to %[[KN]] step %[[K1]]
func.func @one_by_one(%A: memref<1x1xf32>, %B: memref<1x1xf32>, %C: memref<1x1xf32>) {
  linalg.matmul ins(%A, %B : memref<1x1xf32>, memref<1x1xf32>) outs(%C : memref<1x1xf32>)
  return
}

// -----

// A function without a matmul is left alone.

// CHECK-LABEL: func.func @no_matmul(
// CHECK-NOT:  gpu.launch
// CHECK-NOT:  gemm_opt
// CHECK:      return
func.func @no_matmul(%A: memref<8x8xf32>) {
  return
}
