// The small-M kernel and its parameters as options of gemm-mma (what a
// tuning database entry pins: RungPlanOptions.h): small-m-kernel names the
// kernel (implying small-m=1), gemv-* and swap-ab-* set its parameters.
// At M = 3 (bf16, B stored N x K) both kernels apply and the heuristics
// take swap-AB; gemv forces the weight-streaming one.
// DEFINE: %{ladder} = gemm-opt %s --gemm-naive --gemm-coalesce --gemm-shared-memory-tiling --gemm-register-tiling-1d --gemm-register-tiling-2d --gemm-vectorize --gemm-swizzle --gemm-multi-buffer --gemm-warp-tiling
// RUN: %{ladder} --gemm-mma="emit=false small-m-kernel=gemv gemv-unroll=2 gemv-warps=4" | FileCheck %s --check-prefix=GEMV
// RUN: %{ladder} --gemm-mma="emit=false small-m-kernel=swap-ab swap-ab-k-warps=4 swap-ab-row-tiles=2 swap-ab-unroll=1" | FileCheck %s --check-prefix=SWAP
// RUN: %{ladder} --gemm-mma="emit=false small-m-kernel=swap-ab" | FileCheck %s --check-prefix=SWAP-HEURISTIC
// GEMV: gemm_opt.gemv_plan = #gemm_opt.gemv_plan<unroll = 2, warps = 4>
// SWAP: gemm_opt.swap_ab_plan = #gemm_opt.swap_ab_plan<k_warps = 4, row_tiles = 2, unroll = 1>
// SWAP-HEURISTIC: gemm_opt.swap_ab_plan = #gemm_opt.swap_ab_plan<k_warps = 8, row_tiles = 1, unroll = 2>

// Options the rung refuses: an unknown kernel, a kernel with small-m=0, a
// kernel's parameters without it, parameters out of range, a kernel that
// does not apply (the weight-streaming one above 3 rows: M = 3 is the most).
// RUN: not %{ladder} --gemm-mma="small-m-kernel=wide" -o /dev/null 2>&1 | FileCheck %s --check-prefix=KERNEL
// RUN: not %{ladder} --gemm-mma="small-m=0 small-m-kernel=gemv" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: not %{ladder} --gemm-mma="gemv-warps=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALONE
// RUN: not %{ladder} --gemm-mma="small-m-kernel=swap-ab swap-ab-row-tiles=5" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: not %{ladder} --gemm-mma="small-m-kernel=gemv gemv-unroll=9" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNROLL
// RUN: sed 's/3x/4x/g' %s | not gemm-opt --gemm-naive --gemm-coalesce --gemm-shared-memory-tiling --gemm-register-tiling-1d --gemm-register-tiling-2d --gemm-vectorize --gemm-swizzle --gemm-multi-buffer --gemm-warp-tiling --gemm-mma="small-m-kernel=gemv" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ROWS4
// KERNEL: error: invalid 'mma' option small-m-kernel=wide: expected gemv or swap-ab
// OFF: error: invalid 'mma' option small-m-kernel=gemv: small-m=0 plans tensor-core tiles
// ALONE: error: invalid 'mma' options gemv-unroll, gemv-warps: they need small-m-kernel=gemv
// ROWS: error: invalid 'mma' swap-AB plan: row_tiles = 5 must be in [1, 4]
// UNROLL: error: invalid 'mma' weight-streaming plan: unroll = 9 must be in [1, 8]
// ROWS4: error: invalid 'mma' option small-m-kernel=gemv: the weight-streaming kernel does not apply: M = 4 is more than 3 rows

func.func @matmul(%A: memref<3x256xbf16>, %B: memref<256x256xbf16>, %C: memref<3x256xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<3x256xbf16>, memref<256x256xbf16>) outs(%C : memref<3x256xf32>)
  return
}
