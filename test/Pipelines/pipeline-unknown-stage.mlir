// A stage that does not exist is a clear error naming the known stages, and
// gemm-opt exits non-zero without printing a module.

// RUN: not gemm-opt %s --gemm-compile=stage=bogus 2>&1 | FileCheck %s
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(gemm-compile{stage=bogus})" 2>&1 | FileCheck %s
// RUN: not gemm-opt %s --gemm-compile 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not gemm-opt %s --gemm-compile="stage=Naive" 2>&1 | FileCheck %s --check-prefix=CASE

// CHECK: error: unknown stage 'bogus'; known stages: naive, coalesced
// CHECK-NOT: gpu.binary

// No stage at all is the same error, with an empty name.
// MISSING: error: unknown stage ''; known stages: naive, coalesced
// MISSING-NOT: gpu.binary

// Stage names are case-sensitive.
// CASE: error: unknown stage 'Naive'; known stages: naive, coalesced

func.func @matmul(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}
