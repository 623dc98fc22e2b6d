// The outlined kernel is named after the function ("<func>_kernel") and
// becomes a PTX .entry, so a function name that is not a PTX identifier
// must be rejected up front with an error at the function. Today a '-' in
// the name reaches the NVPTX backend, which aborts gemm-opt with
// "LLVM ERROR: Symbol name with unsupported characters".

// RUN: rm -f %t.ptx
// RUN: not gemm-opt %s --gemm-stage-naive="ptx-file=%t.ptx" 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx

// CHECK-NOT: LLVM ERROR
// CHECK: pipeline-kernel-name-dash.mlir:[[@LINE+2]]:{{[0-9]+}}: error:
// CHECK-NOT: LLVM ERROR
func.func @"mm-1"(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}
