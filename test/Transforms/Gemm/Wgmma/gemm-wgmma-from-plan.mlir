// RUN: gemm-opt %s --gemm-wgmma | FileCheck %s
// RUN: gemm-opt %s --gemm-wgmma="chip=sm_80" -verify-diagnostics -split-input-file -o /dev/null
// The warpgroups' setmaxnreg counts as options (what a tuning database
// entry pins): producer-registers, consumer-registers.
// RUN: gemm-opt %s --gemm-wgmma="emit=false warp-specialized=1 block-m=128 block-n=128 warpgroups=2 max-registers=168 producer-registers=56 consumer-registers=224" | FileCheck %s --check-prefix=REGS
// REGS: gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}consumer_regs = 224, {{.*}}producer_regs = 56,

// The IR just before gemm-wgmma, written by hand: a matmul kernel launch
// with its problem and the mma rung's plan. Its body only stands for the
// mma.sync kernel: the rung builds the TMA + wgmma kernel from the problem
// and its own plan, and finds A, B and C among the buffers the launch uses
// by their roles.

// 256 x 384 bf16: 128x128 tiles leave SMs idle, so 64x64 tiles of one
// warpgroup, 4 TMA stages of BK = 64 (64 KB + barriers); the host side
// builds the tensor maps of A and B.
// CHECK-LABEL: func.func @matmul(
// CHECK-COUNT-2: nvgpu.tma.create.descriptor
// CHECK:       gpu.launch blocks({{.*}}) in (%{{.*}} = %c6, %{{.*}} = %c4, %{{.*}} = %c1{{.*}}) threads({{.*}}) in (%{{.*}} = %c128
// CHECK-SAME:    dynamic_shared_memory_size %c66560_i32
// CHECK-COUNT-8: nvgpu.mbarrier.init
// CHECK:         nvgpu.tma.async.load
// CHECK:         nvvm.wgmma.mma_async
// CHECK:       } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "wgmma",
// CHECK-SAME:    gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 512, m = 256, n = 384>
// CHECK-SAME:    gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, persistent = false, stages = 4, warp_specialized = false, warpgroups = 1>
// The stand-in mma kernel is gone.
// CHECK-NOT:   gemm_opt.mma_plan
func.func @matmul(%A: memref<256x512xbf16> {gemm_opt.role = "A"},
                  %B: memref<512x384xbf16> {gemm_opt.role = "B"},
                  %C: memref<256x384xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // On sm_80 (second RUN line) the rung fails at the launch.
  // expected-error @below {{the 'wgmma' rung needs sm_90a (wgmma, TMA, setmaxnreg); chip sm_80 cannot run it}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<256x512xbf16>
    %b = memref.load %B[%c0, %c0] : memref<512x384xbf16>
    %af = arith.extf %a : bf16 to f32
    %bf = arith.extf %b : bf16 to f32
    %ab = arith.mulf %af, %bf : f32
    memref.store %ab, %C[%c0, %c0] : memref<256x384xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 512, m = 256, n = 384>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}
