// Invalid option combinations get a diagnostic at the kernel, not a crash.
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling{block-m=6 block-n=8}))" 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling{block-m=64 block-n=64}))" 2>&1 | FileCheck %s --check-prefix=MAXTHREADS
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=6 thread-n=8}))" 2>&1 | FileCheck %s --check-prefix=DIVIDE
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-multi-buffer{stages=8 block-k=64}))" 2>&1 | FileCheck %s --check-prefix=SMEM
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-warp-tiling{warp-m=48}))" 2>&1 | FileCheck %s --check-prefix=WARP
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-vectorize{vector-width=3}))" 2>&1 | FileCheck %s --check-prefix=VEC
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{split-k=65}))" 2>&1 | FileCheck %s --check-prefix=SPLITMAX
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{split-k=9}))" 2>&1 | FileCheck %s --check-prefix=SPLITK
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{split-k=-2}))" 2>&1 | FileCheck %s --check-prefix=SPLITNEG
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-register-tiling-2d))" 2>&1 | FileCheck %s --check-prefix=ORDER

// THREADS: error: invalid 'smem' plan: 48 threads per block is not a multiple of the warp size 32
// MAXTHREADS: error: invalid 'smem' plan: 4096 threads per block exceed the limit of 1024
// DIVIDE: error: invalid 'reg2d' plan: block tile 128x128 is not divisible by the thread tile 6x8
// SMEM: error: invalid 'multibuffer' plan: shared memory of {{[0-9]+}} bytes exceeds the per-block limit of 232448 on sm_90
// WARP: error: invalid 'warptile' plan: warp tile 48x64 with thread tile 8x8 does not give 32 lanes per warp
// VEC: error: invalid 'vector' plan: vector width 3 must be 1 or 4
// SPLITMAX: error: invalid 'warptile' plan: split-k=65 must be in [1, 64]
// SPLITK: error: invalid 'warptile' plan: split-k=9 exceeds the 8 full K tiles of K=128 with block-k=16
// SPLITNEG: error: invalid 'warptile' plan: split-k=-2 must be in [1, 64]
// ORDER: error: the 'reg2d' rung needs a shared-memory tiled kernel; run gemm-shared-memory-tiling first

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
