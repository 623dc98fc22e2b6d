// One warpgroup on a 128x256 tile would hold 256 f32 accumulators per
// thread.
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{block-m=128 block-n=256 warpgroups=1}))" -split-input-file -verify-diagnostics -o /dev/null

func.func @matmul(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) {
  // expected-error @below {{invalid 'wgmma' plan: each thread would hold 256 f32 accumulators (block 128x256 over 1 warpgroup(s)); at most 128}}
  linalg.matmul ins(%A, %B : memref<512x512xf16>, memref<512x512xf16>) outs(%C : memref<512x512xf32>)
  return
}
