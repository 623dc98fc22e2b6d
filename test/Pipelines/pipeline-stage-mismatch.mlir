// The per-stage pipelines fix their stage: asking gemm-stage-naive for
// another stage is an error pointing at gemm-compile; naming its own stage
// is accepted.

// RUN: not gemm-opt %s --gemm-stage-naive=stage=coalesced 2>&1 | FileCheck %s --check-prefix=NAIVE
// RUN: not gemm-opt %s --gemm-stage-coalesced=stage=naive 2>&1 | FileCheck %s --check-prefix=COALESCED
// RUN: gemm-opt %s --gemm-stage-naive=stage=naive | FileCheck %s --check-prefix=SAME
// RUN: not gemm-opt %s --gemm-compile="stage=naive no-such-option=1" 2>&1 | FileCheck %s --check-prefix=OPTION

// NAIVE: error: this pipeline compiles stage 'naive'; use gemm-compile to choose another
// NAIVE-NOT: gpu.binary
// COALESCED: error: this pipeline compiles stage 'coalesced'; use gemm-compile to choose another

// SAME: gpu.launch_func @matmul_kernel::@matmul_kernel
// SAME: gpu.binary @matmul_kernel

// OPTION: no such option no-such-option

func.func @matmul(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}
