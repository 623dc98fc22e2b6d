// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d{block-m=64}))" | FileCheck %s

// Rung 'reg1d' (seed 000 v3): a 64x64x8 block tile, 512 threads, each
// thread accumulates a column of 8 outputs: 8 f32 loop-carried registers,
// 8 x 8 = 64 FMAs per K tile, each B value read once and used 8 times.
// CHECK:      gpu.launch
// CHECK-SAME: in (%{{.*}} = %c512
// CHECK:      memref.view {{.*}} to memref<1x64x8xf32, #gpu.address_space<workgroup>>
// CHECK:      memref.view {{.*}} to memref<1x8x64xf32, #gpu.address_space<workgroup>>
// CHECK:      scf.for {{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32)
// CHECK:        gpu.barrier
// CHECK-COUNT-64: math.fma
// CHECK:        gpu.barrier
// CHECK:      gemm_opt.simt_plan = {{{.*}}bk = 8 : i64, bm = 64 : i64, bn = 64 : i64{{.*}}tm = 8 : i64, tn = 1 : i64

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
