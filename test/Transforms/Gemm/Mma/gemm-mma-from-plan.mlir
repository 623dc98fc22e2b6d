// RUN: gemm-opt %s --gemm-mma | FileCheck %s
// RUN: gemm-opt %s --gemm-mma="block-m=128 block-n=128 warp-m=64 warp-n=32 stages=3" | FileCheck %s --check-prefix=OPT

// The IR just before gemm-mma, written by hand: a matmul kernel launch with
// its problem and the warp-tiled SIMT plan. Its body only stands for the
// SIMT kernel: the rung builds its kernel from the problem and its own
// plan, and finds A, B and C among the buffers the launch uses by their
// roles.

// 256 x 384 bf16 with f32 accumulation: 128x128 tiles leave SMs idle, so
// 64x64 blocks of four 32x32 warps, 4 stages of BK = 32 (32 KB).
// CHECK-LABEL: func.func @matmul(
// CHECK:       gpu.launch blocks({{.*}}) in (%{{.*}} = %c6, %{{.*}} = %c4, %{{.*}} = %c1{{.*}}) threads({{.*}}) in (%{{.*}} = %c128
// CHECK-SAME:    dynamic_shared_memory_size %c32768_i32
// CHECK:         nvgpu.device_async_copy
// CHECK:         nvgpu.ldmatrix
// CHECK:         nvvm.mma.sync
// CHECK:       } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
// CHECK-SAME:    gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>
// CHECK-SAME:    gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 512, m = 256, n = 384>
// The stand-in SIMT kernel is gone.
// CHECK-NOT:   gemm_opt.simt_plan

// Options override the heuristics: 128x128 blocks of eight 64x32 warps,
// 3 stages (3 x (128x32 + 32x128) x 2 bytes = 48 KB).
// OPT:         threads({{.*}}) in (%{{.*}} = %c256
// OPT-SAME:      dynamic_shared_memory_size %c49152_i32
// OPT:         gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 128, bn = 128, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 3, wm = 64, wn = 32>
func.func @matmul(%A: memref<256x512xbf16> {gemm_opt.role = "A"},
                  %B: memref<512x384xbf16> {gemm_opt.role = "B"},
                  %C: memref<256x384xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<256x512xbf16>
    %b = memref.load %B[%c0, %c0] : memref<512x384xbf16>
    %af = arith.extf %a : bf16 to f32
    %bf = arith.extf %b : bf16 to f32
    %ab = arith.mulf %af, %bf : f32
    memref.store %ab, %C[%c0, %c0] : memref<256x384xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt",
     gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 512, m = 256, n = 384>,
     gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 4, a_transposed = true, b_pad = 0, b_xor = 0, bk = 16, bm = 128, bn = 128, frag_m = 4, frag_n = 4, group_m = 8, max_regs = 0, read_only = false, split_k = 1, stages = 1, tm = 8, tn = 8, vector = 4, warp_tiled = true, wm = 32, wn = 64>}
  return
}
