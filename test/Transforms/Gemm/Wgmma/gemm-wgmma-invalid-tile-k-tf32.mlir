// TF32: the K tile must be one 128-byte swizzle row of A: 32 f32 (not
// f16's 64).
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma{allow-tf32=true},gemm-wgmma{allow-tf32=true block-k=64}))" -split-input-file -verify-diagnostics -o /dev/null

func.func @matmul(%A: memref<512x512xf32>, %B: memref<512x512xf32>, %C: memref<512x512xf32>) {
  // expected-error @below {{invalid 'wgmma' plan: block-k=64 must be 32: one 128-byte swizzle row of A per K tile}}
  linalg.matmul ins(%A, %B : memref<512x512xf32>, memref<512x512xf32>) outs(%C : memref<512x512xf32>)
  return
}
