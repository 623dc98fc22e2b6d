// RUN: gemm-opt %s -split-input-file --gemm-coalesce | FileCheck %s

// The output of gemm-naive for a 100x48 * 48x40 matmul (grid 4 x 2). After
// gemm-coalesce the grid is 2 x 4, the row comes from blockIdx.y /
// threadIdx.y and the column from blockIdx.x / threadIdx.x, so consecutive
// lanes of a warp take consecutive columns; the mapping says "x-cols".

// CHECK-LABEL: func.func @naive_output(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<100x48xf32>
// CHECK-SAME: %[[B:[a-z0-9_]+]]: memref<48x40xf32>
// CHECK-SAME: %[[C:[a-z0-9_]+]]: memref<100x40xf32>
// CHECK:      %[[G4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[G2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[G1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[T32A:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[T32B:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[T1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: gpu.launch
// CHECK-SAME:   blocks(%[[BIDX:[a-z0-9_]+]], %[[BIDY:[a-z0-9_]+]], %{{[a-z0-9_]+}}) in (%{{[a-z0-9_]+}} = %[[G2]], %{{[a-z0-9_]+}} = %[[G4]], %{{[a-z0-9_]+}} = %[[G1]])
// CHECK-SAME:   threads(%[[TIDX:[a-z0-9_]+]], %[[TIDY:[a-z0-9_]+]], %{{[a-z0-9_]+}}) in (%{{[a-z0-9_]+}} = %[[T32B]], %{{[a-z0-9_]+}} = %[[T32A]], %{{[a-z0-9_]+}} = %[[T1]])
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[RB:[a-z0-9_]+]] = arith.muli %[[BIDY]], %[[S]] : index
// CHECK-NEXT: %[[ROW:[a-z0-9_]+]] = arith.addi %[[RB]], %[[TIDY]] : index
// CHECK-NEXT: %[[S2:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[CB:[a-z0-9_]+]] = arith.muli %[[BIDX]], %[[S2]] : index
// CHECK-NEXT: %[[COL:[a-z0-9_]+]] = arith.addi %[[CB]], %[[TIDX]] : index
// CHECK-NEXT: %[[M:[a-z0-9_]+]] = arith.constant 100 : index
// CHECK-NEXT: %[[ROWOK:[a-z0-9_]+]] = arith.cmpi ult, %[[ROW]], %[[M]] : index
// CHECK-NEXT: %[[N:[a-z0-9_]+]] = arith.constant 40 : index
// CHECK-NEXT: %[[COLOK:[a-z0-9_]+]] = arith.cmpi ult, %[[COL]], %[[N]] : index
// CHECK-NEXT: %[[INB:[a-z0-9_]+]] = arith.andi %[[ROWOK]], %[[COLOK]] : i1
// CHECK-NEXT: scf.if %[[INB]] {
// CHECK-NEXT:   %[[INIT:[a-z0-9_]+]] = memref.load %[[C]][%[[ROW]], %[[COL]]] : memref<100x40xf32>
// CHECK:        scf.for %[[K:[a-z0-9_]+]] =
// CHECK-NEXT:     memref.load %[[A]][%[[ROW]], %[[K]]] : memref<100x48xf32>
// CHECK-NEXT:     memref.load %[[B]][%[[K]], %[[COL]]] : memref<48x40xf32>
// CHECK:        memref.store %{{[a-z0-9_]+}}, %[[C]][%[[ROW]], %[[COL]]] : memref<100x40xf32>
// CHECK:      } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-cols", gemm_opt.problem = #gemm_opt.matmul<a = f32, accumulate = true, b = f32, c = f32, k = 48, m = 100, n = 40>}
func.func @naive_output(%arg0: memref<100x48xf32> {gemm_opt.role = "A"}, %arg1: memref<48x40xf32> {gemm_opt.role = "B"}, %arg2: memref<100x40xf32> {gemm_opt.role = "C"}) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c32_0 = arith.constant 32 : index
  %c1_1 = arith.constant 1 : index
  gpu.launch blocks(%arg3, %arg4, %arg5) in (%arg9 = %c4, %arg10 = %c2, %arg11 = %c1) threads(%arg6, %arg7, %arg8) in (%arg12 = %c32, %arg13 = %c32_0, %arg14 = %c1_1) {
    %c32_2 = arith.constant 32 : index
    %0 = arith.muli %arg3, %c32_2 : index
    %1 = arith.addi %0, %arg6 : index
    %c32_3 = arith.constant 32 : index
    %2 = arith.muli %arg4, %c32_3 : index
    %3 = arith.addi %2, %arg7 : index
    %c100 = arith.constant 100 : index
    %4 = arith.cmpi ult, %1, %c100 : index
    %c40 = arith.constant 40 : index
    %5 = arith.cmpi ult, %3, %c40 : index
    %6 = arith.andi %4, %5 : i1
    scf.if %6 {
      %7 = memref.load %arg2[%1, %3] : memref<100x40xf32>
      %c0 = arith.constant 0 : index
      %c48 = arith.constant 48 : index
      %c1_4 = arith.constant 1 : index
      %8 = scf.for %arg15 = %c0 to %c48 step %c1_4 iter_args(%arg16 = %7) -> (f32) {
        %9 = memref.load %arg0[%1, %arg15] : memref<100x48xf32>
        %10 = memref.load %arg1[%arg15, %3] : memref<48x40xf32>
        %11 = math.fma %9, %10, %arg16 : f32
        scf.yield %11 : f32
      }
      memref.store %8, %arg2[%1, %3] : memref<100x40xf32>
    }
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-rows", gemm_opt.problem = #gemm_opt.matmul<a = f32, accumulate = true, b = f32, c = f32, k = 48, m = 100, n = 40>}
  return
}

// -----

// A launch already mapped "x-cols" is not swapped back. (A launch that
// gemm-naive did not make is an error: rung-not-applicable-matmul.mlir.)

// CHECK-LABEL: func.func @already_coalesced(
// CHECK:      gpu.launch blocks(%[[BX:[a-z0-9_]+]], %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) in (%{{[a-z0-9_]+}} = %c4, %{{[a-z0-9_]+}} = %c2, %{{[a-z0-9_]+}} = %c1)
// CHECK-SAME:   threads(%[[TX:[a-z0-9_]+]], %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) in (%{{[a-z0-9_]+}} = %c8, %{{[a-z0-9_]+}} = %c16, %{{[a-z0-9_]+}} = %c1)
// CHECK-NEXT:   %[[I:[a-z0-9_]+]] = arith.addi %[[BX]], %[[TX]] : index
// CHECK:      } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-cols"}
func.func @already_coalesced(%out: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %f = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c16, %sz = %c1) {
    %i = arith.addi %bx, %tx : index
    memref.store %f, %out[%i] : memref<64xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-cols"}
  return
}

// -----

// The swap covers the grid- and block-size arguments of the body as well as
// the indices, and non-square blocks: x and y exchange every role.

// CHECK-LABEL: func.func @sizes_in_body(
// CHECK:      gpu.launch
// CHECK-SAME:   blocks(%[[BX:[a-z0-9_]+]], %[[BY:[a-z0-9_]+]], %{{[a-z0-9_]+}}) in (%[[GX:[a-z0-9_]+]] = %c2, %[[GY:[a-z0-9_]+]] = %c4, %{{[a-z0-9_]+}} = %c1)
// CHECK-SAME:   threads(%[[TX:[a-z0-9_]+]], %[[TY:[a-z0-9_]+]], %{{[a-z0-9_]+}}) in (%[[SX:[a-z0-9_]+]] = %c16, %[[SY:[a-z0-9_]+]] = %c8, %{{[a-z0-9_]+}} = %c1)
// CHECK-NEXT:   %[[R:[a-z0-9_]+]] = arith.muli %[[BY]], %[[SY]] : index
// CHECK-NEXT:   %[[RR:[a-z0-9_]+]] = arith.addi %[[R]], %[[TY]] : index
// CHECK-NEXT:   %[[Q:[a-z0-9_]+]] = arith.muli %[[BX]], %[[SX]] : index
// CHECK-NEXT:   %[[QQ:[a-z0-9_]+]] = arith.addi %[[Q]], %[[TX]] : index
// CHECK-NEXT:   %[[G:[a-z0-9_]+]] = arith.muli %[[GY]], %[[GX]] : index
// CHECK:      } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-cols"}
func.func @sizes_in_body(%out: memref<64x64xindex>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c16, %sz = %c1) {
    %r0 = arith.muli %bx, %sx : index
    %r = arith.addi %r0, %tx : index
    %q0 = arith.muli %by, %sy : index
    %q = arith.addi %q0, %ty : index
    %g = arith.muli %gx, %gy : index
    memref.store %g, %out[%r, %q] : memref<64x64xindex>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-rows"}
  return
}
