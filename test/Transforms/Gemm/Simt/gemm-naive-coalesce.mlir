// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce))" | FileCheck %s
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive{block-dim=8},gemm-coalesce))" | FileCheck %s --check-prefix=BD8

// The coalesced rung is the naive rung plus gemm-coalesce: for M=100, N=40
// the grid becomes ceil(N/32) x ceil(M/32) = 2 x 4, the row is
// blockIdx.y*32 + threadIdx.y and the column blockIdx.x*32 + threadIdx.x,
// and A, B and C are indexed by that row and column.

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<100x48xf32>
// CHECK-SAME: %[[B:[a-z0-9_]+]]: memref<48x40xf32>
// CHECK-SAME: %[[C:[a-z0-9_]+]]: memref<100x40xf32>
// CHECK:      %[[G4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[G2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK:      gpu.launch
// CHECK-SAME:   blocks(%[[BIDX:[a-z0-9_]+]], %[[BIDY:[a-z0-9_]+]], %{{[a-z0-9_]+}}) in (%{{[a-z0-9_]+}} = %[[G2]], %{{[a-z0-9_]+}} = %[[G4]],
// CHECK-SAME:   threads(%[[TIDX:[a-z0-9_]+]], %[[TIDY:[a-z0-9_]+]], %{{[a-z0-9_]+}})
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[RB:[a-z0-9_]+]] = arith.muli %[[BIDY]], %[[S]] : index
// CHECK-NEXT: %[[ROW:[a-z0-9_]+]] = arith.addi %[[RB]], %[[TIDY]] : index
// CHECK-NEXT: %[[S2:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[CB:[a-z0-9_]+]] = arith.muli %[[BIDX]], %[[S2]] : index
// CHECK-NEXT: %[[COL:[a-z0-9_]+]] = arith.addi %[[CB]], %[[TIDX]] : index
// CHECK:        memref.load %[[C]][%[[ROW]], %[[COL]]]
// CHECK:        scf.for %[[K:[a-z0-9_]+]] =
// CHECK-NEXT:     memref.load %[[A]][%[[ROW]], %[[K]]]
// CHECK-NEXT:     memref.load %[[B]][%[[K]], %[[COL]]]
// CHECK:        memref.store %{{[a-z0-9_]+}}, %[[C]][%[[ROW]], %[[COL]]]
// CHECK:      } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-cols", gemm_opt.problem = #gemm_opt.matmul<

// With 8x8 blocks: grid ceil(40/8) x ceil(100/8) = 5 x 13.
// BD8-LABEL: func.func @matmul(
// BD8:      %[[G13:[a-z0-9_]+]] = arith.constant 13 : index
// BD8-NEXT: %[[G5:[a-z0-9_]+]] = arith.constant 5 : index
// BD8-NEXT: %[[G1:[a-z0-9_]+]] = arith.constant 1 : index
// BD8-NEXT: %[[T8A:[a-z0-9_]+]] = arith.constant 8 : index
// BD8-NEXT: %[[T8B:[a-z0-9_]+]] = arith.constant 8 : index
// BD8:      gpu.launch
// BD8-SAME:   in (%{{[a-z0-9_]+}} = %[[G5]], %{{[a-z0-9_]+}} = %[[G13]], %{{[a-z0-9_]+}} = %[[G1]])
// BD8-SAME:   in (%{{[a-z0-9_]+}} = %[[T8B]], %{{[a-z0-9_]+}} = %[[T8A]],
// BD8:      gemm_opt.mapping = "x-cols"
func.func @matmul(%A: memref<100x48xf32>, %B: memref<48x40xf32>, %C: memref<100x40xf32>) {
  linalg.matmul ins(%A, %B : memref<100x48xf32>, memref<48x40xf32>) outs(%C : memref<100x40xf32>)
  return
}
