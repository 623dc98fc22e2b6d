// The rung passes plan for the chip of the module's target when their
// `chip` option is left out (chip-plans.mlir gives the option instead): the
// same plans as chip=sm_80 and chip=sm_86 there.

// RUN: gemm-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma))" | FileCheck %s
// RUN: gemm-opt %s -split-input-file --gemm-stage-mma | FileCheck %s --check-prefix=PTX

// sm_80's 108 SMs: warptile splits K in 2 (3 on sm_90's 132), and its
// reduction is an ordinary dependent launch (no griddepcontrol below
// sm_90).
// CHECK-LABEL: func.func @tall
// CHECK-NOT:   griddepcontrol
// CHECK:       gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}programmatic_reduction = false{{.*}}split_k = 2
// CHECK-NOT:   griddepcontrol
// PTX:         gpu.binary @tall_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">
// PTX-SAME:    .target sm_80
// PTX-NOT:     griddepcontrol
module attributes {gemm_opt.target = #nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">} {
  func.func @tall(%A: memref<16x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<16x4096xf32>) {
    linalg.matmul ins(%A, %B : memref<16x4096xf32>, memref<4096x4096xf32>) outs(%C : memref<16x4096xf32>)
    return
  }
}

// -----

// sm_86's 99 KB of shared memory: 128x128 blocks in 4 stages of BK = 32
// (64 KB), not the 144 KB plan of sm_80 and sm_90.
// CHECK-LABEL: func.func @square
// CHECK:       gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 128, bn = 128{{.*}}stages = 4
// PTX:         gpu.binary @square_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_86", features = "+ptx80">
// PTX-SAME:    .target sm_86
module attributes {gemm_opt.target = #nvvm.target<O = 3, chip = "sm_86", features = "+ptx80">} {
  func.func @square(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf32>) {
    linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf32>)
    return
  }
}
