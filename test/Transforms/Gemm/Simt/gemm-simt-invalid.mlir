// Invalid options of the SIMT rungs (smem .. warptile) and a rung run out of
// order: each an error at the kernel (the matmul it was built from), not a
// crash. The options are the case, so one part per option set (split-file),
// each checked with --verify-diagnostics.

// RUN: split-file %s %t
// RUN: gemm-opt %t/threads.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling{block-m=6 block-n=8}))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/max-threads.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling{block-m=64 block-n=64}))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/divide.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=6 thread-n=8}))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/smem.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-multi-buffer{stages=8 block-k=64}))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/warp.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-warp-tiling{warp-m=48}))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/vector-width.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-vectorize{vector-width=3}))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/split-k-max.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{split-k=65}))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/split-k.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{split-k=9}))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/split-k-negative.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{split-k=-2}))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/order.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-register-tiling-2d))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/stage-aligned.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize{stage-b=1}))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/stage-f16.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize{stage-a=1}))" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/ring-sm75.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer{chip=sm_75}))" -verify-diagnostics -o /dev/null

//--- threads.mlir

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @below {{invalid 'smem' plan: 48 threads per block is not a multiple of the warp size 32}}
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

//--- max-threads.mlir

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @below {{invalid 'smem' plan: 4096 threads per block exceed the limit of 1024}}
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

//--- divide.mlir

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @below {{invalid 'reg2d' plan: block tile 128x128 is not divisible by the thread tile 6x8}}
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

//--- smem.mlir

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @below {{invalid 'multibuffer' plan: shared memory of 524288 bytes exceeds the per-block limit of 232448 on sm_90}}
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

//--- warp.mlir

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @below {{invalid 'warptile' plan: warp tile 48x64 with thread tile 8x8 does not give 32 lanes per warp}}
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

//--- vector-width.mlir

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @below {{invalid 'vector' plan: vector width 3 must be 1 or 4}}
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

//--- split-k-max.mlir

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @below {{invalid 'warptile' plan: split-k=65 must be in [1, 64]}}
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

//--- split-k.mlir

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @below {{invalid 'warptile' plan: split-k=9 exceeds the 8 full K tiles of K=128 with block-k=16}}
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

//--- split-k-negative.mlir

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @below {{invalid 'warptile' plan: split-k=-2 must be in [1, 64]}}
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

//--- order.mlir

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @below {{the 'reg2d' rung needs a shared-memory tiled kernel; run gemm-shared-memory-tiling first}}
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

//--- stage-aligned.mlir

// Padded staging (gemm-simt-staging.mlir) forced where the rows are
// already 16-byte aligned ...
func.func @matmul(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) {
  // expected-error @below {{invalid 'vector' plan: stage-b: the rows of B (N=4096) are already 16-byte aligned}}
  linalg.matmul ins(%A, %B : memref<4096x4096xf32>, memref<4096x4096xf32>) outs(%C : memref<4096x4096xf32>)
  return
}

//--- stage-f16.mlir

// ... or of operands that are not f32.
func.func @matmul(%A: memref<17x65xf16>, %B: memref<65x33xf16>, %C: memref<17x33xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<17x33xf32>)
  // expected-error @below {{invalid 'vector' plan: padded staging (stage-a/stage-b) needs f32 operands}}
  linalg.matmul ins(%A, %B : memref<17x65xf16>, memref<65x33xf16>) outs(%C : memref<17x33xf32>)
  return
}

//--- ring-sm75.mlir

// A chip without cp.async (sm_70, sm_75) cannot take the cp.async ring of
// multibuffer.
func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @below {{invalid 'multibuffer' plan: stages=4 needs cp.async (sm_80 or later); chip sm_75 has none}}
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
