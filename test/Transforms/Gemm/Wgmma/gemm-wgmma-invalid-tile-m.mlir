// A block tile wgmma cannot express: 96 rows over 2 warpgroups is 48 rows
// each, not a multiple of wgmma's m64.
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{block-m=96 warpgroups=2}))" -split-input-file -verify-diagnostics -o /dev/null

func.func @matmul(%A: memref<512x512xbf16>, %B: memref<512x512xbf16>, %C: memref<512x512xf32>) {
  // expected-error @below {{invalid 'wgmma' plan: block-m=96 must give each of the 2 warpgroup(s) a multiple of 64 rows (wgmma is m64)}}
  linalg.matmul ins(%A, %B : memref<512x512xbf16>, memref<512x512xbf16>) outs(%C : memref<512x512xf32>)
  return
}
