// RUN: gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=2 cluster-threads=256 cluster-blocks-per-sm=3" --verify-diagnostics

// Three blocks of 256 threads per SM cap a thread at 80 registers: half a
// row of 131072 f16 (32 packed vectors per thread, 128 registers of data)
// does not fit under the cap.
// expected-error @below {{cluster-size=2: a row of 131072 elements does not fit in the registers of 2 blocks}}
func.func @capped(%x: memref<4x131072xf16>, %y: memref<4x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<4x131072xf16>) outs(%y : memref<4x131072xf16>)
  return
}
