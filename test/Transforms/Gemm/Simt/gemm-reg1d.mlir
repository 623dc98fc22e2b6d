// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d{block-m=64}))" | FileCheck %s
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d{read-only=0 max-registers=48}))" | FileCheck %s --check-prefix=KNOBS
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d))" | FileCheck %s --check-prefix=REG2D

// Rung 'reg1d' (seed 000 v3): a 64x64x8 block tile, 512 threads, each
// thread accumulates a column of 8 outputs: 8 f32 loop-carried registers,
// 8 x 8 = 64 FMAs per K tile, each B value read once and used 8 times.
// A and B are read-only kernel arguments (ld.global.nc), as in the seed;
// whole tiles (256x256x128) cap the kernel at 32 registers (4 blocks per SM).
// CHECK:      gpu.launch
// CHECK-SAME: in (%{{.*}} = %c512
// CHECK:      gpu.dynamic_shared_memory {gemm_opt.kernel_fn_attrs = {gemm_opt.readonly_inputs, nvvm.maxnreg = 32 : i32}}
// CHECK:      memref.view {{.*}} to memref<1x64x8xf32, #gpu.address_space<workgroup>>
// CHECK:      memref.view {{.*}} to memref<1x8x64xf32, #gpu.address_space<workgroup>>
// CHECK:      scf.for {{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32)
// CHECK:        gpu.barrier
// CHECK-COUNT-64: math.fma
// CHECK:        gpu.barrier
// CHECK:      gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}bk = 8, bm = 64, bn = 64{{.*}}max_regs = 32{{.*}}read_only = true{{.*}}tm = 8, tn = 1

// Options: plain loads and a register cap.
// KNOBS:      gpu.dynamic_shared_memory {gemm_opt.kernel_fn_attrs = {nvvm.maxnreg = 48 : i32}}
// KNOBS:      gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}max_regs = 48{{.*}}read_only = false

// reg2d keeps its measured plain loads: reg1d's read-only default is not
// carried over.
// REG2D:      gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}read_only = false

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
