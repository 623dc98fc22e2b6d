// Invalid gemm-mma plans: each an error at the kernel's launch, on the IR
// just before the rung (a matmul launch with its problem and the warp-tiled
// SIMT plan, as in gemm-mma-from-plan.mlir; its body only stands for the
// SIMT kernel), and the rung run before the kernel it rebuilds exists. The
// options are the case, so one part per option set (split-file), each
// checked with --verify-diagnostics.

// RUN: split-file %s %t
// RUN: gemm-opt %t/stages.mlir --gemm-mma="stages=1" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/warp.mlir --gemm-mma="warp-m=24" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/block-k.mlir --gemm-mma="block-k=24" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/smem.mlir --gemm-mma="block-m=256 block-n=256 block-k=64 warp-m=64 warp-n=64 stages=8" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/acc.mlir --gemm-mma="block-m=128 block-n=128 warp-m=128 warp-n=64" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/order.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-mma))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/chip-sm75.mlir --gemm-mma=chip=sm_75 -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/chip-sm86-smem.mlir --gemm-mma="chip=sm_86 block-m=128 block-n=256 block-k=64 stages=3" -verify-diagnostics -o /dev/null

//--- stages.mlir

func.func @matmul(%A: memref<256x128xf16> {gemm_opt.role = "A"},
                  %B: memref<128x256xf16> {gemm_opt.role = "B"},
                  %C: memref<256x256xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'mma' plan: stages=1 must be in [2, 8]}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<256x128xf16>
    %b = memref.load %B[%c0, %c0] : memref<128x256xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<256x256xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f32, k = 128, m = 256, n = 256>,
     gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 4, a_transposed = true, b_pad = 0, b_xor = 0, bk = 16, bm = 128, bn = 128, frag_m = 4, frag_n = 4, group_m = 8, max_regs = 0, read_only = false, split_k = 1, stages = 1, tm = 8, tn = 8, vector = 4, warp_tiled = true, wm = 32, wn = 64>}
  return
}

//--- warp.mlir

func.func @matmul(%A: memref<256x128xf16> {gemm_opt.role = "A"},
                  %B: memref<128x256xf16> {gemm_opt.role = "B"},
                  %C: memref<256x256xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'mma' plan: warp tile 24x32 must be made of 16x16 pieces}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<256x128xf16>
    %b = memref.load %B[%c0, %c0] : memref<128x256xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<256x256xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f32, k = 128, m = 256, n = 256>,
     gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 4, a_transposed = true, b_pad = 0, b_xor = 0, bk = 16, bm = 128, bn = 128, frag_m = 4, frag_n = 4, group_m = 8, max_regs = 0, read_only = false, split_k = 1, stages = 1, tm = 8, tn = 8, vector = 4, warp_tiled = true, wm = 32, wn = 64>}
  return
}

//--- block-k.mlir

func.func @matmul(%A: memref<256x128xf16> {gemm_opt.role = "A"},
                  %B: memref<128x256xf16> {gemm_opt.role = "B"},
                  %C: memref<256x256xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'mma' plan: block-k=24 must be a multiple of 16}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<256x128xf16>
    %b = memref.load %B[%c0, %c0] : memref<128x256xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<256x256xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f32, k = 128, m = 256, n = 256>,
     gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 4, a_transposed = true, b_pad = 0, b_xor = 0, bk = 16, bm = 128, bn = 128, frag_m = 4, frag_n = 4, group_m = 8, max_regs = 0, read_only = false, split_k = 1, stages = 1, tm = 8, tn = 8, vector = 4, warp_tiled = true, wm = 32, wn = 64>}
  return
}

//--- smem.mlir

func.func @matmul(%A: memref<256x128xf16> {gemm_opt.role = "A"},
                  %B: memref<128x256xf16> {gemm_opt.role = "B"},
                  %C: memref<256x256xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'mma' plan: shared memory of 524288 bytes exceeds the per-block limit of 232448 on sm_90}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<256x128xf16>
    %b = memref.load %B[%c0, %c0] : memref<128x256xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<256x256xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f32, k = 128, m = 256, n = 256>,
     gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 4, a_transposed = true, b_pad = 0, b_xor = 0, bk = 16, bm = 128, bn = 128, frag_m = 4, frag_n = 4, group_m = 8, max_regs = 0, read_only = false, split_k = 1, stages = 1, tm = 8, tn = 8, vector = 4, warp_tiled = true, wm = 32, wn = 64>}
  return
}

//--- acc.mlir

func.func @matmul(%A: memref<256x128xf16> {gemm_opt.role = "A"},
                  %B: memref<128x256xf16> {gemm_opt.role = "B"},
                  %C: memref<256x256xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'mma' plan: warp tile 128x64 needs more than 128 accumulator registers per thread}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<256x128xf16>
    %b = memref.load %B[%c0, %c0] : memref<128x256xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<256x256xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f32, k = 128, m = 256, n = 256>,
     gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 4, a_transposed = true, b_pad = 0, b_xor = 0, bk = 16, bm = 128, bn = 128, frag_m = 4, frag_n = 4, group_m = 8, max_regs = 0, read_only = false, split_k = 1, stages = 1, tm = 8, tn = 8, vector = 4, warp_tiled = true, wm = 32, wn = 64>}
  return
}

//--- order.mlir

func.func @matmul(%A: memref<256x128xf16>, %B: memref<128x256xf16>, %C: memref<256x256xf32>) {
  // expected-error @below {{the 'mma' rung needs the warp-tiled SIMT kernel; run gemm-warp-tiling first}}
  linalg.matmul ins(%A, %B : memref<256x128xf16>, memref<128x256xf16>) outs(%C : memref<256x256xf32>)
  return
}

//--- chip-sm75.mlir

// A chip without mma.sync m16n8k16 and cp.async.
func.func @matmul(%A: memref<256x128xf16> {gemm_opt.role = "A"},
                  %B: memref<128x256xf16> {gemm_opt.role = "B"},
                  %C: memref<256x256xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{the 'mma' rung needs sm_80 or later (mma.sync m16n8k16 for f16/bf16, m16n8k8 for TF32, cp.async); chip sm_75 lacks them}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<256x128xf16>
    %b = memref.load %B[%c0, %c0] : memref<128x256xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<256x256xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f32, k = 128, m = 256, n = 256>,
     gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 4, a_transposed = true, b_pad = 0, b_xor = 0, bk = 16, bm = 128, bn = 128, frag_m = 4, frag_n = 4, group_m = 8, max_regs = 0, read_only = false, split_k = 1, stages = 1, tm = 8, tn = 8, vector = 4, warp_tiled = true, wm = 32, wn = 64>}
  return
}

//--- chip-sm86-smem.mlir

// Options that force a plan past the chip's shared memory are rejected,
// naming the chip: sm_80's 144 KB plan on sm_86.
func.func @matmul(%A: memref<256x128xf16> {gemm_opt.role = "A"},
                  %B: memref<128x256xf16> {gemm_opt.role = "B"},
                  %C: memref<256x256xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'mma' plan: shared memory of 147456 bytes exceeds the per-block limit of 101376 on sm_86}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<256x128xf16>
    %b = memref.load %B[%c0, %c0] : memref<128x256xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<256x256xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f32, k = 128, m = 256, n = 256>,
     gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 4, a_transposed = true, b_pad = 0, b_xor = 0, bk = 16, bm = 128, bn = 128, frag_m = 4, frag_n = 4, group_m = 8, max_regs = 0, read_only = false, split_k = 1, stages = 1, tm = 8, tn = 8, vector = 4, warp_tiled = true, wm = 32, wn = 64>}
  return
}
