// Matmuls the 'wgmma' rung leaves on an earlier kernel, each with a remark:
// f32 inputs without allow-tf32 (the SIMT kernel stays), and rows of
// A or B that are not 16-byte aligned in problems too small for padded
// staging copies to pay (TMA cannot load them; the mma.sync kernel stays).
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma))" -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @f32
// CHECK:       gemm_opt.simt_plan
// CHECK-NOT:   gemm_opt.wgmma_plan
func.func @f32(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  // expected-remark @+2 {{f32 matmul left on the SIMT kernel}}
  // expected-remark @+1 {{f32 matmul left as it is: the 'wgmma' rung computes f32 inputs as TF32 from the TF32 mma.sync kernel, which needs allow-tf32=true}}
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// K = 77: rows of A are 154 bytes; the problem is too small for padded
// staging copies to pay (gemm-wgmma-staging.mlir has the large shapes).
// CHECK-LABEL: func.func @unaligned_k
// CHECK:       gemm_opt.mma_plan
// CHECK-NOT:   gemm_opt.wgmma_plan
func.func @unaligned_k(%A: memref<128x77xf16>, %B: memref<77x128xf16>, %C: memref<128x128xf32>) {
  // expected-remark @below {{matmul kept on the mma.sync kernel: rows of A are 154 bytes (K=77), not a multiple of 16 as TMA needs; padded staging copies do not pay at this size (staging=1 forces them)}}
  linalg.matmul ins(%A, %B : memref<128x77xf16>, memref<77x128xf16>) outs(%C : memref<128x128xf32>)
  return
}

// -----

// N = 999: rows of B are 1998 bytes; 64x999x64 is just below the size
// from which staging pays (2^22 multiply-adds).
// CHECK-LABEL: func.func @unaligned_n
// CHECK:       gemm_opt.mma_plan
// CHECK-NOT:   gemm_opt.wgmma_plan
func.func @unaligned_n(%A: memref<64x64xbf16>, %B: memref<64x999xbf16>, %C: memref<64x999xf32>) {
  // expected-remark @below {{matmul kept on the mma.sync kernel: rows of B are 1998 bytes (N=999), not a multiple of 16 as TMA needs; padded staging copies do not pay at this size}}
  linalg.matmul ins(%A, %B : memref<64x64xbf16>, memref<64x999xbf16>) outs(%C : memref<64x999xf32>)
  return
}
