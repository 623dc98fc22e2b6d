// A chip the NVVM target is not asked to support (PTX 8.0: sm_70 .. sm_90a)
// is a clear error listing the supported ones; gemm-opt exits non-zero.

// RUN: not gemm-opt %s --gemm-compile="stage=naive chip=sm_20" 2>&1 | FileCheck %s --check-prefix=SM20
// RUN: not gemm-opt %s --pass-pipeline="builtin.module(gemm-stage-coalesced{chip=sm_20})" 2>&1 | FileCheck %s --check-prefix=SM20
// RUN: not gemm-opt %s --gemm-stage-naive=chip=sm_100 2>&1 | FileCheck %s --check-prefix=SM100
// RUN: not gemm-opt %s --gemm-stage-naive=chip=gfx90a 2>&1 | FileCheck %s --check-prefix=AMD

// SM20: error: unsupported chip 'sm_20'; expected one of sm_70, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a
// SM20-NOT: gpu.binary
// SM100: error: unsupported chip 'sm_100'; expected one of sm_70, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a
// AMD: error: unsupported chip 'gfx90a'; expected one of

func.func @matmul(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}
