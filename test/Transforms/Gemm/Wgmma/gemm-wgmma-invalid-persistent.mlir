// A persistent grid needs the warp-specialized kernel; with it, a register
// cap too small for setmaxnreg's 40 + 2 x 232 per thread slot is refused.
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{persistent=1 warp-specialized=0}))" -split-input-file -verify-diagnostics -o /dev/null
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{persistent=1 warp-specialized=1 block-m=128 warpgroups=2 block-n=256 max-registers=128}))" -o /dev/null 2>&1 | FileCheck %s

// CHECK: error: invalid 'wgmma' plan: setmaxnreg to 40 (producer) and 232 (consumers) needs more registers than 384 threads capped at max-registers=128 have

func.func @matmul(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) {
  // expected-error @below {{invalid 'wgmma' plan: a persistent grid needs the warp-specialized kernel (warp-specialized=1)}}
  linalg.matmul ins(%A, %B : memref<512x512xf16>, memref<512x512xf16>) outs(%C : memref<512x512xf32>)
  return
}
