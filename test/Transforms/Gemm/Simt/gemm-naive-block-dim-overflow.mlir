// block-dim^2 must not be computed in a way that wraps: 2^32 squared is
// 2^64, which wraps to 0 in int64_t, and 3037000500^2 wraps to a negative
// number. Both must be rejected like any other block-dim above 32; a launch
// of 2^32 x 2^32 threads per block is not a kernel.

// RUN: not gemm-opt %s --gemm-naive=block-dim=4294967296 2>&1 | FileCheck %s
// RUN: not gemm-opt %s --gemm-naive=block-dim=3037000500 2>&1 | FileCheck %s

// CHECK: error: invalid option block-dim={{.*}}: need 1 <= block-dim <= 32 (block-dim^2 threads per block)
// CHECK-NOT: gpu.launch
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
