// RUN: gemm-opt %s --gemm-naive=block-dim=16 | FileCheck %s --check-prefix=BD16
// RUN: gemm-opt %s --gemm-naive="block-dim=1" | FileCheck %s --check-prefix=BD1

// block-dim sets both block sizes and the grid: ceil(100/16) = 7 by
// ceil(40/16) = 3 blocks of 16x16, and the index arithmetic scales by 16.

// BD16-LABEL: func.func @matmul(
// BD16:      %[[GX:[a-z0-9_]+]] = arith.constant 7 : index
// BD16-NEXT: %[[GY:[a-z0-9_]+]] = arith.constant 3 : index
// BD16-NEXT: %[[GZ:[a-z0-9_]+]] = arith.constant 1 : index
// BD16-NEXT: %[[TX:[a-z0-9_]+]] = arith.constant 16 : index
// BD16-NEXT: %[[TY:[a-z0-9_]+]] = arith.constant 16 : index
// BD16-NEXT: %[[TZ:[a-z0-9_]+]] = arith.constant 1 : index
// BD16-NEXT: gpu.launch
// BD16-SAME:   blocks(%[[BIDX:[a-z0-9_]+]], %[[BIDY:[a-z0-9_]+]], %{{[a-z0-9_]+}}) in (%{{[a-z0-9_]+}} = %[[GX]], %{{[a-z0-9_]+}} = %[[GY]], %{{[a-z0-9_]+}} = %[[GZ]])
// BD16-SAME:   threads(%[[TIDX:[a-z0-9_]+]], %[[TIDY:[a-z0-9_]+]], %{{[a-z0-9_]+}}) in (%{{[a-z0-9_]+}} = %[[TX]], %{{[a-z0-9_]+}} = %[[TY]], %{{[a-z0-9_]+}} = %[[TZ]])
// BD16-NEXT: %[[S:[a-z0-9_]+]] = arith.constant 16 : index
// BD16-NEXT: %[[RB:[a-z0-9_]+]] = arith.muli %[[BIDX]], %[[S]] : index
// BD16-NEXT: %[[ROW:[a-z0-9_]+]] = arith.addi %[[RB]], %[[TIDX]] : index
// BD16-NEXT: %[[S2:[a-z0-9_]+]] = arith.constant 16 : index
// BD16-NEXT: %[[CB:[a-z0-9_]+]] = arith.muli %[[BIDY]], %[[S2]] : index
// BD16-NEXT: %[[COL:[a-z0-9_]+]] = arith.addi %[[CB]], %[[TIDY]] : index
// BD16:      } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-rows", gemm_opt.problem = #gemm_opt.matmul<

// block-dim=1 is the smallest legal value: one thread per block, a block
// per element of C.

// BD1-LABEL: func.func @matmul(
// BD1:      %[[GX:[a-z0-9_]+]] = arith.constant 100 : index
// BD1-NEXT: %[[GY:[a-z0-9_]+]] = arith.constant 40 : index
// BD1-NEXT: %[[GZ:[a-z0-9_]+]] = arith.constant 1 : index
// BD1-NEXT: %[[TX:[a-z0-9_]+]] = arith.constant 1 : index
// BD1-NEXT: %[[TY:[a-z0-9_]+]] = arith.constant 1 : index
// BD1-NEXT: %[[TZ:[a-z0-9_]+]] = arith.constant 1 : index
// BD1-NEXT: gpu.launch
// BD1-SAME:   in (%{{[a-z0-9_]+}} = %[[GX]], %{{[a-z0-9_]+}} = %[[GY]], %{{[a-z0-9_]+}} = %[[GZ]])
// BD1-SAME:   in (%{{[a-z0-9_]+}} = %[[TX]], %{{[a-z0-9_]+}} = %[[TY]], %{{[a-z0-9_]+}} = %[[TZ]])
// BD1:      } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-rows", gemm_opt.problem = #gemm_opt.matmul<
func.func @matmul(%A: memref<100x48xf32>, %B: memref<48x40xf32>, %C: memref<100x40xf32>) {
  linalg.matmul ins(%A, %B : memref<100x48xf32>, memref<48x40xf32>) outs(%C : memref<100x40xf32>)
  return
}
