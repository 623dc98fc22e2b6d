// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows=cluster-size=2 --verify-diagnostics

// A forced cluster of 2 blocks cannot keep a row of 262144 f32 in
// registers (2 x 1024 threads x 32 elements = 65536).
// expected-error @below {{cluster-size=2: a row of 262144 elements does not fit in the registers of 2 blocks}}
func.func @too_long(%x: memref<4x262144xf32>, %y: memref<4x262144xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x262144xf32>) outs(%y : memref<4x262144xf32>)
  return
}
