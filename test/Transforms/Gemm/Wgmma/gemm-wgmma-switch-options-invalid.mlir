// The wgmma rung's switches take -1 (heuristic), 0 or 1. Any other value
// was read as on by some (pingpong=2, persistent=7) and as off by others
// (tma-store=2), silently; now each is an error at the kernel naming the
// option, and nothing is rewritten. max-registers takes -1 for the
// heuristic, 0 for no cap or a cap: below -1 is an error too (it was a
// message about setmaxnreg).
// RUN: not gemm-opt %s --gemm-wgmma="pingpong=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PINGPONG
// RUN: not gemm-opt %s --gemm-wgmma="tma-store=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TMA
// RUN: not gemm-opt %s --gemm-wgmma="swap-ab=5" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SWAP
// RUN: not gemm-opt %s --gemm-wgmma="persistent=7" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PERSISTENT
// RUN: not gemm-opt %s --gemm-wgmma="warp-specialized=-2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WS
// RUN: not gemm-opt %s --gemm-wgmma="stream-k=3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STREAMK
// RUN: not gemm-opt %s --gemm-wgmma="max-registers=-5" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MAXREGS

// PINGPONG: [[@LINE+12]]:3: error: invalid 'wgmma' option pingpong=2: expected -1 (heuristic), 0 or 1
// TMA: error: invalid 'wgmma' option tma-store=2: expected -1 (heuristic), 0 or 1
// SWAP: error: invalid 'wgmma' option swap-ab=5: expected -1 (heuristic), 0 or 1
// PERSISTENT: error: invalid 'wgmma' option persistent=7: expected -1 (heuristic), 0 or 1
// WS: error: invalid 'wgmma' option warp-specialized=-2: expected -1 (heuristic), 0 or 1
// STREAMK: error: invalid 'wgmma' option stream-k=3: expected -1 (heuristic), 0 or 1
// MAXREGS: error: invalid 'wgmma' option max-registers=-5: expected -1 (heuristic), 0 (no cap) or a cap in [24, 255]
func.func @matmul(%A: memref<512x512xf16> {gemm_opt.role = "A"},
    %B: memref<512x512xf16> {gemm_opt.role = "B"},
    %C: memref<512x512xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
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
