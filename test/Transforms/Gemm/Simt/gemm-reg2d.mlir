// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8}))" | FileCheck %s
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d))" | FileCheck %s --check-prefix=HEUR
// RUN: gemm-opt %inputs/matmul-4096x4096x4096.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d))" | FileCheck %s --check-prefix=BIG
// RUN: gemm-opt %inputs/matmul-4097x4097x4097.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d))" | FileCheck %s --check-prefix=RAGGED

// Rung 'reg2d' (seed 000 v4): 128x128x8 block, 256 threads, 8x8 outputs per
// thread by outer products: 64 loop-carried accumulators, 8 x 64 = 512 FMAs
// per K tile.
// CHECK:      gpu.launch
// CHECK-SAME: in (%{{.*}} = %c256
// CHECK:      memref.view {{.*}} to memref<1x128x8xf32, #gpu.address_space<workgroup>>
// CHECK:      memref.view {{.*}} to memref<1x8x128xf32, #gpu.address_space<workgroup>>
// CHECK:      scf.for {{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)
// CHECK-COUNT-512: math.fma
// CHECK:      gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}bk = 8, bm = 128, bn = 128{{.*}}tm = 8, tn = 8

// 256x256 makes only 4 blocks of 128x128: GemmHeuristics picks 64x64 tiles
// with 4x4 per thread to fill more SMs.
// HEUR: gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}bm = 64, bn = 64{{.*}}tm = 4, tn = 4

// Aligned shapes of whole tiles: at most 128 registers (two blocks per SM)
// and grouped block order; ragged ones keep neither (edge paths spill under
// the cap).
// BIG:    gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}bm = 128, bn = 128{{.*}}group_m = 8, max_regs = 128
// RAGGED: gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}group_m = 0, max_regs = 0

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
