// A '.' in the function name goes through LLVM into the PTX .entry name
// ("my.mm_kernel"), which ptxas rejects as a syntax error: gemm-opt reports
// success for PTX that does not assemble. Such a name must be rejected up
// front with an error at the function, and no PTX written.

// RUN: rm -f %t.ptx
// RUN: not gemm-opt %s --gemm-stage-coalesced="ptx-file=%t.ptx" 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx

// CHECK: pipeline-kernel-name-dot.mlir:[[@LINE+1]]:{{[0-9]+}}: error:
func.func @"my.mm"(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}
