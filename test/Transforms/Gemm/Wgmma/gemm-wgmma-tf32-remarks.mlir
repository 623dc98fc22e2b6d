// TF32 and the 'wgmma' rung. The mma rung computes f32 in TF32 only with
// allow-tf32; so does the wgmma rung, with its own option:
//  - gemm-mma{allow-tf32} then gemm-wgmma without it: the TF32 mma.sync
//    kernel stays, with a remark (ALLOW-MMA);
//  - both with it: the wgmma kernel, after the kernel that transposes B
//    (N odd is fine: TMA reads B^T, whose rows are padded to 16 bytes);
//    with K * 4 bytes not a multiple of 16 (rows of A that TMA cannot load)
//    a large problem copies A into padded scratch first, a small one keeps
//    the TF32 mma.sync kernel, with a remark (BOTH);
//  - gemm-wgmma{allow-tf32} alone after an f32 SIMT kernel: it stays, with
//    a remark (ALLOW-WGMMA).
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma{allow-tf32=true},gemm-wgmma))" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALLOW-MMA
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma{allow-tf32=true},gemm-wgmma{allow-tf32=true}))" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=BOTH
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{allow-tf32=true}))" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALLOW-WGMMA

// ALLOW-MMA-COUNT-2: remark: TF32 matmul left on the mma.sync kernel: the 'wgmma' rung computes f32 inputs as TF32 only with allow-tf32=true

// BOTH-LABEL:  func.func @aligned
// BOTH:        gemm_opt.kernel = "matmul-transpose-b"
// BOTH:        gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}elem_bytes = 4
// BOTH-LABEL:  func.func @unaligned_k_large
// BOTH:        memref.alloc() : memref<1000x780xf32>
// BOTH:        gemm_opt.kernel = "matmul-pad-staging"
// BOTH:        %[[BT:.*]] = memref.alloc() : memref<1000x780xf32>
// BOTH:        memref.subview %[[BT]][0, 0] [1000, 777] [1, 1] : memref<1000x780xf32> to memref<1000x777xf32, strided<[780, 1]>>
// BOTH:        gemm_opt.kernel = "matmul-transpose-b"
// BOTH:        gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}staged_a = true
// BOTH-LABEL:  func.func @unaligned_k_small
// BOTH:        gemm_opt.mma_plan
// BOTH-NOT:    gemm_opt.wgmma_plan
// BOTH-NOT:    matmul-transpose-b
// BOTH:        return

// ALLOW-WGMMA-COUNT-2: remark: f32 matmul left as it is: the 'wgmma' rung computes f32 inputs as TF32 from the TF32 mma.sync kernel, which needs allow-tf32=true

// N = 999 (odd) and K = 1024.
func.func @aligned(%A: memref<256x1024xf32>, %B: memref<1024x999xf32>, %C: memref<256x999xf32>) {
  linalg.matmul ins(%A, %B : memref<256x1024xf32>, memref<1024x999xf32>) outs(%C : memref<256x999xf32>)
  return
}

// -----

// K = 777: rows of A are 3108 bytes; large enough for padded staging.
func.func @unaligned_k_large(%A: memref<1000x777xf32>, %B: memref<777x1000xf32>, %C: memref<1000x1000xf32>) {
  // expected-remark @below {{padded staging: rows of A are 3108 bytes (K=777), not a multiple of 16 as TMA needs; a copy kernel first writes A into scratch with 16-byte-aligned rows}}
  linalg.matmul ins(%A, %B : memref<1000x777xf32>, memref<777x1000xf32>) outs(%C : memref<1000x1000xf32>)
  return
}

// -----

// K = 77: too small for the copy to pay.
func.func @unaligned_k_small(%A: memref<128x77xf32>, %B: memref<77x128xf32>, %C: memref<128x128xf32>) {
  // expected-remark @below {{matmul kept on the mma.sync kernel: rows of A are 308 bytes (K=77), not a multiple of 16 as TMA needs; padded staging copies do not pay at this size (staging=1 forces them)}}
  linalg.matmul ins(%A, %B : memref<128x77xf32>, memref<77x128xf32>) outs(%C : memref<128x128xf32>)
  return
}
