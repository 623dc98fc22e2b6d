// Invalid gemm-wgmma plans and options: each an error at the kernel's launch,
// on the IR just before the rung (a matmul launch with its problem and the
// mma rung's plan, as in gemm-wgmma-from-plan.mlir; its body only stands
// for the mma.sync kernel). The options are the case, so one part per
// option set (split-file), each checked with --verify-diagnostics.

// RUN: split-file %s %t
// RUN: gemm-opt %t/tile-m.mlir -split-input-file --gemm-wgmma="block-m=96 warpgroups=2" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/tile-n.mlir -split-input-file --gemm-wgmma="block-n=96" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/tile-k.mlir -split-input-file --gemm-wgmma="block-k=32" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/tile-k-tf32.mlir -split-input-file --gemm-wgmma="allow-tf32=true block-k=64" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/acc.mlir -split-input-file --gemm-wgmma="block-m=128 block-n=256 warpgroups=1" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/smem.mlir -split-input-file --gemm-wgmma="block-m=128 block-n=256 warpgroups=2 stages=8" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/ws.mlir -split-input-file --gemm-wgmma="warp-specialized=1 block-m=128 warpgroups=2 block-n=256 max-registers=0" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/ws-regs.mlir -split-input-file --gemm-wgmma="warp-specialized=1 block-m=128 warpgroups=2 block-n=256 max-registers=168 consumer-registers=20" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/persistent.mlir -split-input-file --gemm-wgmma="persistent=1 warp-specialized=0" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/persistent-regs.mlir -split-input-file --gemm-wgmma="persistent=1 warp-specialized=1 block-m=128 warpgroups=2 block-n=256 max-registers=128" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/pingpong-not-persistent.mlir -split-input-file --gemm-wgmma="pingpong=1 warp-specialized=1 persistent=0 warpgroups=2 block-m=128 block-n=128 max-registers=168" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/pingpong-one-warpgroup.mlir -split-input-file --gemm-wgmma="pingpong=1 warp-specialized=1 persistent=1 warpgroups=1 block-m=128 block-n=128 max-registers=168" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/pingpong-acc.mlir -split-input-file --gemm-wgmma="pingpong=1 warp-specialized=1 persistent=1 warpgroups=2 block-m=128 block-n=256 max-registers=168" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/pingpong-smem.mlir -split-input-file --gemm-wgmma="pingpong=1 warp-specialized=1 persistent=1 warpgroups=2 block-m=128 block-n=128 stages=8 max-registers=168" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/staging.mlir -split-input-file --gemm-wgmma="staging=1" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/staging-range.mlir -split-input-file --gemm-wgmma="staging=2" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/tma-store.mlir -split-input-file --gemm-wgmma="tma-store=1" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/tma-store-ws.mlir -split-input-file --gemm-wgmma="tma-store=1 warp-specialized=0 persistent=0" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/store-buffers.mlir -split-input-file --gemm-wgmma="store-buffers=4 tma-store=0" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/split-k-ws.mlir -split-input-file --gemm-wgmma="split-k=2 warp-specialized=0 persistent=0" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/split-k-range.mlir -split-input-file --gemm-wgmma="split-k=17" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/split-k-short.mlir -split-input-file --gemm-wgmma="split-k=2" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/chip-sm86.mlir -split-input-file --gemm-wgmma="chip=sm_86" -verify-diagnostics -o /dev/null

//--- tile-m.mlir

// A block tile wgmma cannot express: 96 rows over 2 warpgroups is 48 rows
// each, not a multiple of wgmma's m64.
func.func @matmul(%A: memref<512x512xbf16> {gemm_opt.role = "A"},
    %B: memref<512x512xbf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: block-m=96 must give each of the 2 warpgroup(s) a multiple of 64 rows (wgmma is m64)}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xbf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xbf16>
    %ab = arith.mulf %a, %b : bf16
    %x = arith.extf %ab : bf16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- tile-n.mlir

// N = 96 is not made of whole 64-column (128-byte swizzled) panels of B.
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' option block-n=96: block-n=96 is not a multiple of 64, the panels in which B stored K x N is read}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- tile-k.mlir

// The K tile must be one 128-byte swizzle row of A: 64 f16.
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: block-k=32 must be 64: one 128-byte swizzle row of A per K tile}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- tile-k-tf32.mlir

// TF32: the K tile must be one 128-byte swizzle row of A: 32 f32 (not
// f16's 64).
func.func @matmul(%A: memref<512x512xf32> {gemm_opt.role = "A"},
    %B: memref<512x512xf32> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: block-k=64 must be 32: one 128-byte swizzle row of A per K tile}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf32>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf32>
    %ab = arith.mulf %a, %b : f32
    memref.store %ab, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 16, bm = 64, bn = 64, elem_bytes = 4, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- acc.mlir

// One warpgroup on a 128x256 tile would hold 256 f32 accumulators per
// thread.
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: each thread would hold 256 f32 accumulators (block 128x256 over 1 warpgroup(s)); at most 128}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- smem.mlir

// 8 stages of a 128x256x64 tile need 8 x 48 KB of shared memory (+1 KB for
// alignment, +128 B of mbarriers), over the 227 KB a block may have.
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: shared memory of 394368 bytes exceeds the per-block limit of 232448 on sm_90}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- ws.mlir

// A warp-specialized kernel without a register cap: ptxas would ignore
// setmaxnreg (C7508) and serialize wgmma (C7520).
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: a warp-specialized kernel needs max-registers (nvvm.maxnreg) for setmaxnreg to take effect}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- ws-regs.mlir

// setmaxnreg of the consumers (consumer-registers) below its range.
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: consumer registers 20 must be a multiple of 8 in [24, 256] (setmaxnreg)}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- persistent.mlir

// A persistent grid needs the warp-specialized kernel.
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: a persistent grid needs the warp-specialized kernel (warp-specialized=1)}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- persistent-regs.mlir

// With the warp-specialized kernel, a register cap too small for
// setmaxnreg's 40 + 2 x 232 per thread slot is refused.
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: setmaxnreg to 40 (producer) and 232 (consumers) needs more registers than 384 threads capped at max-registers=128 have}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- pingpong-not-persistent.mlir

// Ping-pong consumers need the warp-specialized persistent kernel with 2
// consumer warpgroups: here without persistent=1 ...
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: ping-pong consumers need the warp-specialized persistent kernel with 2 consumer warpgroups (warp-specialized=1 persistent=1 warpgroups=2)}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- pingpong-one-warpgroup.mlir

// ... and with one warpgroup.
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: ping-pong consumers need the warp-specialized persistent kernel with 2 consumer warpgroups (warp-specialized=1 persistent=1 warpgroups=2)}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- pingpong-acc.mlir

// A ping-pong consumer owns a whole tile, so 128x256 (256 accumulators a
// thread) is refused.
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: each thread would hold 256 f32 accumulators (block 128x256 over 1 warpgroup(s), ping-pong); at most 128}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- pingpong-smem.mlir

// So is a ping-pong ring of 8 stages of 32 KB (+1 KB, +144 B of mbarriers:
// full, empty and the 2 turns).
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: shared memory of 263312 bytes exceeds the per-block limit of 232448 on sm_90}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- staging.mlir

// Padded staging forced where TMA reads the rows directly (K = N = 512,
// 1024-byte rows).
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' option staging=1: the rows of A and B are already 16-byte aligned (K=512, N=512); TMA reads them directly}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- staging-range.mlir

// An out-of-range staging value.
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' option staging=2: expected -1 (heuristic), 0 or 1}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- tma-store.mlir

// tma-store=1 is refused where a TMA store cannot write C: C accumulated
// into (beta = 1: a TMA store overwrites), rows of C that are not 16-byte
// aligned (N = 1001 f32); a zeroed, aligned C takes it (the last case).
func.func @accumulate(%A: memref<4096x4096xf16> {gemm_opt.role = "A"},
    %B: memref<4096x4096xf16> {gemm_opt.role = "B"},
    %C: memref<4096x4096xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' option tma-store=1: C is accumulated into (beta = 1), and a TMA store overwrites}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<4096x4096xf16>
    %b = memref.load %B[%c0, %c0] : memref<4096x4096xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<4096x4096xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f32, k = 4096, m = 4096, n = 4096>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

// -----

func.func @unaligned_c(%A: memref<4096x4096xf16> {gemm_opt.role = "A"},
    %B: memref<4096x1001xf16> {gemm_opt.role = "B"},
    %C: memref<4096x1001xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' option tma-store=1: rows of C are 4004 bytes (N=1001), not a multiple of 16 as TMA needs}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<4096x4096xf16>
    %b = memref.load %B[%c0, %c0] : memref<4096x1001xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<4096x1001xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 4096, m = 4096, n = 1001>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

// -----

func.func @zeroed(%A: memref<4096x4096xf16> {gemm_opt.role = "A"},
    %B: memref<4096x4096xf16> {gemm_opt.role = "B"},
    %C: memref<4096x4096xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<4096x4096xf16>
    %b = memref.load %B[%c0, %c0] : memref<4096x4096xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<4096x4096xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 4096, m = 4096, n = 4096>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- tma-store-ws.mlir

// ... and kernels other than the warp-specialized one (here: without a
// producer warpgroup); the same C with the
// default (warp-specialized) plan takes tma-store=1 (gemm-wgmma-tma-store.mlir).
func.func @zeroed(%A: memref<4096x4096xf16> {gemm_opt.role = "A"},
    %B: memref<4096x4096xf16> {gemm_opt.role = "B"},
    %C: memref<4096x4096xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: tma-store=1 needs the warp-specialized kernel (warp-specialized=1)}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<4096x4096xf16>
    %b = memref.load %B[%c0, %c0] : memref<4096x4096xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<4096x4096xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 4096, m = 4096, n = 4096>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- store-buffers.mlir

// More staging boxes than the default two are for the TMA-store epilogue.
func.func @zeroed(%A: memref<4096x4096xf16> {gemm_opt.role = "A"},
    %B: memref<4096x4096xf16> {gemm_opt.role = "B"},
    %C: memref<4096x4096xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: store-buffers=4 stages C for TMA stores: it needs tma-store=1}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<4096x4096xf16>
    %b = memref.load %B[%c0, %c0] : memref<4096x4096xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<4096x4096xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 4096, m = 4096, n = 4096>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- split-k-ws.mlir

// Split-K's units are the warp-specialized kernel's: not the kernel
// without a producer warpgroup.
func.func @matmul(%A: memref<4096x4096xf16> {gemm_opt.role = "A"},
    %B: memref<4096x4096xf16> {gemm_opt.role = "B"},
    %C: memref<4096x4096xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: split-k=2 needs the warp-specialized kernel with cooperative consumers and no TMA stores (warp-specialized=1 pingpong=0 tma-store=0)}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<4096x4096xf16>
    %b = memref.load %B[%c0, %c0] : memref<4096x4096xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<4096x4096xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 4096, m = 4096, n = 4096>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- split-k-range.mlir

// At most 16 splits (each another M x N of f32 partials).
func.func @matmul(%A: memref<4096x4096xf16> {gemm_opt.role = "A"},
    %B: memref<4096x4096xf16> {gemm_opt.role = "B"},
    %C: memref<4096x4096xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' plan: split-k=17 must be in [1, 16]}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<4096x4096xf16>
    %b = memref.load %B[%c0, %c0] : memref<4096x4096xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<4096x4096xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 4096, m = 4096, n = 4096>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- split-k-short.mlir

// A K of one K tile cannot be split in two.
func.func @matmul(%A: memref<4096x64xf16> {gemm_opt.role = "A"},
    %B: memref<64x4096xf16> {gemm_opt.role = "B"},
    %C: memref<4096x4096xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid 'wgmma' option split-k=2: K = 64 is 1 K tile(s) of 64, fewer than the splits}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<4096x64xf16>
    %b = memref.load %B[%c0, %c0] : memref<64x4096xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<4096x4096xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 64, m = 4096, n = 4096>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}

//--- chip-sm86.mlir

// A chip without wgmma (sm_80: gemm-wgmma-from-plan.mlir).
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{the 'wgmma' rung needs sm_90a (wgmma, TMA, setmaxnreg); chip sm_86 cannot run it}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<512x512xf16>
    %b = memref.load %B[%c0, %c0] : memref<512x512xf16>
    %ab = arith.mulf %a, %b : f16
    %x = arith.extf %ab : f16 to f32
    memref.store %x, %C[%c0, %c0] : memref<512x512xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
     gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f32, k = 512, m = 512, n = 512>,
     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
  return
}
