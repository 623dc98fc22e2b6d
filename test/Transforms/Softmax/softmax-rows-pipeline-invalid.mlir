// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=4 pipeline-rows=2" --verify-diagnostics

// Pipelined, a thread holds two rows' slices: 4 blocks of 1024 threads give
// each row 16 of a thread's 32 elements, not the 32 a row of 131072 f32
// needs (8 blocks would do).
// expected-error @below {{cluster-size=4: a row of 131072 elements does not fit in the registers of 4 blocks (pipeline-rows=2: two rows' slices per thread)}}
func.func @pipelined_too_long(%x: memref<4x131072xf32>, %y: memref<4x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x131072xf32>) outs(%y : memref<4x131072xf32>)
  return
}
