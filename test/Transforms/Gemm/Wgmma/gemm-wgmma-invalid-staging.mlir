// Padded staging forced where TMA reads the rows directly (K = N = 512,
// 1024-byte rows), and an out-of-range staging value.
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{staging=1}))" -split-input-file -verify-diagnostics -o /dev/null
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{staging=2}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RANGE

// RANGE: error: invalid 'wgmma' option staging=2: expected -1 (heuristic), 0 or 1

func.func @matmul(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) {
  // expected-error @below {{invalid 'wgmma' option staging=1: the rows of A and B are already 16-byte aligned (K=512, N=512); TMA reads them directly}}
  linalg.matmul ins(%A, %B : memref<512x512xf16>, memref<512x512xf16>) outs(%C : memref<512x512xf32>)
  return
}
