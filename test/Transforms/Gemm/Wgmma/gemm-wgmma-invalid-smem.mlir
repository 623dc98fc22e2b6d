// An invalid 'wgmma' plan is an error at the matmul: 8 stages of a
// 128x256x64 tile need 8 x 48 KB of shared memory (+1 KB for alignment,
// +128 B of mbarriers), over the 227 KB a block may have.
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{block-m=128 block-n=256 warpgroups=2 stages=8}))" -split-input-file -verify-diagnostics -o /dev/null

func.func @matmul(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) {
  // expected-error @below {{invalid 'wgmma' plan: shared memory of 394368 bytes exceeds the per-block limit of 232448 on sm_90}}
  linalg.matmul ins(%A, %B : memref<512x512xf16>, memref<512x512xf16>) outs(%C : memref<512x512xf32>)
  return
}
