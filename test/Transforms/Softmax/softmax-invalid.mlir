// Invalid inputs, options and forced plans of the softmax rungs: each an
// error at the op (at the function for an option), not a crash. The options
// are the case, so one part per option set (split-file), each checked with
// --verify-diagnostics.

// RUN: split-file %s %t
// RUN: gemm-opt %t/not-bufferized.mlir --gemm-softmax-three-pass -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/three-pass-block-threads.mlir --gemm-softmax-three-pass="block-threads=16" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/online-max-threads.mlir --gemm-softmax-three-pass --gemm-softmax-online="max-threads=2048" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-max-register-elems.mlir --gemm-softmax-three-pass --gemm-softmax-rows="max-register-elems=0" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-cluster-size-9.mlir --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=9" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-cluster-size-negative.mlir --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=-1" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-sm-count.mlir --gemm-softmax-three-pass --gemm-softmax-rows="sm-count=0" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-pipeline-rows.mlir --gemm-softmax-three-pass --gemm-softmax-rows="pipeline-rows=-1" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-cluster-threads-96.mlir --gemm-softmax-three-pass --gemm-softmax-rows="cluster-threads=96" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-cluster-threads-2048.mlir --gemm-softmax-three-pass --gemm-softmax-rows="cluster-threads=2048" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-exp-ftz.mlir --gemm-softmax-three-pass --gemm-softmax-rows="exp-ftz=2" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-blocks-per-sm-alone.mlir --gemm-softmax-three-pass --gemm-softmax-rows="cluster-blocks-per-sm=3" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-blocks-per-sm-threads.mlir --gemm-softmax-three-pass --gemm-softmax-rows="cluster-threads=1024 cluster-blocks-per-sm=3" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-blocks-per-sm-negative.mlir --gemm-softmax-three-pass --gemm-softmax-rows="cluster-threads=256 cluster-blocks-per-sm=-1" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-blocks-per-sm-33.mlir --gemm-softmax-three-pass --gemm-softmax-rows="cluster-threads=32 cluster-blocks-per-sm=33" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-cluster-too-long.mlir --gemm-softmax-three-pass --gemm-softmax-rows=cluster-size=2 -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-cluster-capped.mlir --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=2 cluster-threads=256 cluster-blocks-per-sm=3" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rows-pipeline-too-long.mlir --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=4 pipeline-rows=2" -verify-diagnostics -o /dev/null

//--- not-bufferized.mlir

// The kernel generators need buffers (gemm-compile bufferizes first).
func.func @tensor(%x: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %e = tensor.empty() : tensor<4x64xf32>
  // expected-error@+1 {{'linalg.softmax' op must be bufferized before kernel generation}}
  %r = linalg.softmax dimension(1) ins(%x : tensor<4x64xf32>) outs(%e : tensor<4x64xf32>) -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}

//--- three-pass-block-threads.mlir

// expected-error @below {{invalid option block-threads=16: need 32 <= block-threads <= 1024}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- online-max-threads.mlir

// expected-error @below {{invalid options: need 32 <= max-threads <= 1024, max-register-elems >= 1, max-shared-bytes >= 0}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-max-register-elems.mlir

// expected-error @below {{invalid options: need 32 <= max-threads <= 1024, max-register-elems >= 1, max-shared-bytes >= 0}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-cluster-size-9.mlir

// expected-error @below {{invalid options: need 0 <= cluster-size <= 8 (0: chosen by the heuristics, 1: no cluster) and sm-count >= 1}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-cluster-size-negative.mlir

// expected-error @below {{invalid options: need 0 <= cluster-size <= 8 (0: chosen by the heuristics, 1: no cluster) and sm-count >= 1}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-sm-count.mlir

// expected-error @below {{invalid options: need 0 <= cluster-size <= 8 (0: chosen by the heuristics, 1: no cluster) and sm-count >= 1}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-pipeline-rows.mlir

// expected-error @below {{invalid options: need pipeline-rows >= 0, cluster-threads 0 or a power of two in 32..1024, -1 <= exp-ftz <= 1}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-cluster-threads-96.mlir

// expected-error @below {{invalid options: need pipeline-rows >= 0, cluster-threads 0 or a power of two in 32..1024, -1 <= exp-ftz <= 1}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-cluster-threads-2048.mlir

// expected-error @below {{invalid options: need pipeline-rows >= 0, cluster-threads 0 or a power of two in 32..1024, -1 <= exp-ftz <= 1}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-exp-ftz.mlir

// expected-error @below {{invalid options: need pipeline-rows >= 0, cluster-threads 0 or a power of two in 32..1024, -1 <= exp-ftz <= 1}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-blocks-per-sm-alone.mlir

// expected-error @below {{invalid options: cluster-blocks-per-sm needs cluster-threads, at most 32 blocks and 2048 threads per SM in all}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-blocks-per-sm-threads.mlir

// expected-error @below {{invalid options: cluster-blocks-per-sm needs cluster-threads, at most 32 blocks and 2048 threads per SM in all}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-blocks-per-sm-negative.mlir

// expected-error @below {{invalid options: cluster-blocks-per-sm needs cluster-threads, at most 32 blocks and 2048 threads per SM in all}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-blocks-per-sm-33.mlir

// expected-error @below {{invalid options: cluster-blocks-per-sm needs cluster-threads, at most 32 blocks and 2048 threads per SM in all}}
func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}

//--- rows-cluster-too-long.mlir

// A forced cluster of 2 blocks cannot keep a row of 262144 f32 in
// registers (2 x 1024 threads x 32 elements = 65536).
// expected-error @below {{cluster-size=2: a row of 262144 elements does not fit in the registers of 2 blocks}}
func.func @too_long(%x: memref<4x262144xf32>, %y: memref<4x262144xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x262144xf32>) outs(%y : memref<4x262144xf32>)
  return
}

//--- rows-cluster-capped.mlir

// Three blocks of 256 threads per SM cap a thread at 80 registers: half a
// row of 131072 f16 (32 packed vectors per thread, 128 registers of data)
// does not fit under the cap.
// expected-error @below {{cluster-size=2: a row of 131072 elements does not fit in the registers of 2 blocks}}
func.func @capped(%x: memref<4x131072xf16>, %y: memref<4x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<4x131072xf16>) outs(%y : memref<4x131072xf16>)
  return
}

//--- rows-pipeline-too-long.mlir

// Pipelined, a thread holds two rows' slices: 4 blocks of 1024 threads give
// each row 16 of a thread's 32 elements, not the 32 a row of 131072 f32
// needs (8 blocks would do).
// expected-error @below {{cluster-size=4: a row of 131072 elements does not fit in the registers of 4 blocks (pipeline-rows=2: two rows' slices per thread)}}
func.func @pipelined_too_long(%x: memref<4x131072xf32>, %y: memref<4x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x131072xf32>) outs(%y : memref<4x131072xf32>)
  return
}
