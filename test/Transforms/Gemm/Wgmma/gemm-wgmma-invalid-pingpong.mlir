// Ping-pong consumers need the warp-specialized persistent kernel with 2
// consumer warpgroups (here first without persistent=1, then with one
// warpgroup); a ping-pong consumer owns a whole tile, so 128x256 (256
// accumulators a thread) is refused; so is a ring of 8 stages of 32 KB
// (+1 KB, +144 B of mbarriers: full, empty and the 2 turns).
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{pingpong=1 warp-specialized=1 persistent=0 warpgroups=2 block-m=128 block-n=128 max-registers=168}))" -verify-diagnostics -o /dev/null
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{pingpong=1 warp-specialized=1 persistent=1 warpgroups=1 block-m=128 block-n=128 max-registers=168}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{pingpong=1 warp-specialized=1 persistent=1 warpgroups=2 block-m=128 block-n=256 max-registers=168}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{pingpong=1 warp-specialized=1 persistent=1 warpgroups=2 block-m=128 block-n=128 stages=8 max-registers=168}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMEM

// ONE: error: invalid 'wgmma' plan: ping-pong consumers need the warp-specialized persistent kernel with 2 consumer warpgroups (warp-specialized=1 persistent=1 warpgroups=2)
// ACC: error: invalid 'wgmma' plan: each thread would hold 256 f32 accumulators (block 128x256 over 1 warpgroup(s), ping-pong); at most 128
// SMEM: error: invalid 'wgmma' plan: shared memory of 263312 bytes exceeds the per-block limit of 232448 on sm_90

func.func @matmul(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) {
  // expected-error @below {{invalid 'wgmma' plan: ping-pong consumers need the warp-specialized persistent kernel with 2 consumer warpgroups (warp-specialized=1 persistent=1 warpgroups=2)}}
  linalg.matmul ins(%A, %B : memref<512x512xf16>, memref<512x512xf16>) outs(%C : memref<512x512xf32>)
  return
}
