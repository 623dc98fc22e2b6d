// block-dim must satisfy 1 <= block-dim and block-dim^2 <= 1024 (CUDA's
// limit of 1024 threads per block); anything else is a clear error naming
// the value, and no kernel is generated.

// RUN: not gemm-opt %s --gemm-naive=block-dim=0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not gemm-opt %s --gemm-naive=block-dim=64 2>&1 | FileCheck %s --check-prefix=TOO-BIG
// RUN: not gemm-opt %s --gemm-naive=block-dim=33 2>&1 | FileCheck %s --check-prefix=JUST-OVER
// RUN: not gemm-opt %s --gemm-naive=block-dim=-4 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// ZERO: error: invalid option block-dim=0: need 1 <= block-dim <= 32 (block-dim^2 threads per block)
// ZERO-NOT: gpu.launch

// TOO-BIG: error: invalid option block-dim=64: need 1 <= block-dim <= 32 (block-dim^2 threads per block)
// TOO-BIG-NOT: gpu.launch

// JUST-OVER: error: invalid option block-dim=33: need 1 <= block-dim <= 32 (block-dim^2 threads per block)

// NEGATIVE: error: invalid option block-dim=-4: need 1 <= block-dim <= 32 (block-dim^2 threads per block)
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
