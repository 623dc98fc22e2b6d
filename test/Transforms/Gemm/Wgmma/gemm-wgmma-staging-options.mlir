// The `staging` option of gemm-wgmma overrides the heuristic: staging=1
// copies a small problem too (17x33x65, which the heuristic leaves on the
// mma.sync kernel), staging=0 keeps the mma.sync kernel on a large one
// (1000x999x777, which the heuristic stages).
// RUN: gemm-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{staging=1}),canonicalize,cse)" 2>/dev/null | FileCheck %s --check-prefix=FORCE
// RUN: gemm-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{staging=0}),canonicalize,cse)" 2>/dev/null | FileCheck %s --check-prefix=OFF
// RUN: gemm-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{staging=0}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF-REMARK

// 17x33x65: A 17 x 72, B 65 x 40 (9 and 5 chunks a row): 153 + 325 chunks.
// FORCE-LABEL: func.func @small
// FORCE:       memref.alloc() : memref<17x72xf16>
// FORCE:       memref.alloc() : memref<65x40xf16>
// FORCE:       gpu.launch blocks({{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c256,
// FORCE:       } {gemm_opt.kernel = "matmul-pad-staging"}
// FORCE:       gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}staged_a = true, staged_b = true
// OFF-LABEL:   func.func @small
// OFF-NOT:     matmul-pad-staging
// OFF:         gemm_opt.mma_plan
// OFF-NOT:     gemm_opt.wgmma_plan
// OFF-REMARK:  remark: matmul kept on the mma.sync kernel: rows of A are 130 bytes (K=65), not a multiple of 16 as TMA needs
// OFF-REMARK-NOT: padded staging copies do not pay
func.func @small(%A: memref<17x65xf16>, %B: memref<65x33xf16>, %C: memref<17x33xf32>) {
  linalg.matmul ins(%A, %B : memref<17x65xf16>, memref<65x33xf16>) outs(%C : memref<17x33xf32>)
  return
}

// -----

// FORCE-LABEL: func.func @large
// FORCE:       } {gemm_opt.kernel = "matmul-pad-staging"}
// FORCE:       gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}staged_a = true, staged_b = true
// OFF-LABEL:   func.func @large
// OFF-NOT:     matmul-pad-staging
// OFF:         gemm_opt.mma_plan
// OFF-NOT:     gemm_opt.wgmma_plan
// OFF-REMARK:  remark: matmul kept on the mma.sync kernel: rows of A are 1554 bytes (K=777), not a multiple of 16 as TMA needs
// OFF-REMARK-NOT: padded staging copies do not pay
func.func @large(%A: memref<1000x777xf16>, %B: memref<777x999xf16>, %C: memref<1000x999xf32>) {
  linalg.matmul ins(%A, %B : memref<1000x777xf16>, memref<777x999xf16>) outs(%C : memref<1000x999xf32>)
  return
}
