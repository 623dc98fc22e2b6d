// RUN: not gemm-opt %s --gemm-softmax-three-pass="block-threads=16" 2>&1 | FileCheck %s --check-prefix=BT
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-online="max-threads=2048" 2>&1 | FileCheck %s --check-prefix=MT
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="max-register-elems=0" 2>&1 | FileCheck %s --check-prefix=MT
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=9" 2>&1 | FileCheck %s --check-prefix=CS
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=-1" 2>&1 | FileCheck %s --check-prefix=CS
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="sm-count=0" 2>&1 | FileCheck %s --check-prefix=CS
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="pipeline-rows=-1" 2>&1 | FileCheck %s --check-prefix=PR
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="cluster-threads=96" 2>&1 | FileCheck %s --check-prefix=PR
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="cluster-threads=2048" 2>&1 | FileCheck %s --check-prefix=PR
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="exp-ftz=2" 2>&1 | FileCheck %s --check-prefix=PR
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="cluster-blocks-per-sm=3" 2>&1 | FileCheck %s --check-prefix=BS
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="cluster-threads=1024 cluster-blocks-per-sm=3" 2>&1 | FileCheck %s --check-prefix=BS
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="cluster-threads=256 cluster-blocks-per-sm=-1" 2>&1 | FileCheck %s --check-prefix=BS
// RUN: not gemm-opt %s --gemm-softmax-three-pass --gemm-softmax-rows="cluster-threads=32 cluster-blocks-per-sm=33" 2>&1 | FileCheck %s --check-prefix=BS

// BT: error: invalid option block-threads=16: need 32 <= block-threads <= 1024
// MT: error: invalid options: need 32 <= max-threads <= 1024, max-register-elems >= 1, max-shared-bytes >= 0
// CS: error: invalid options: need 0 <= cluster-size <= 8 (0: chosen by the heuristics, 1: no cluster) and sm-count >= 1
// PR: error: invalid options: need pipeline-rows >= 0, cluster-threads 0 or a power of two in 32..1024, -1 <= exp-ftz <= 1
// BS: error: invalid options: cluster-blocks-per-sm needs cluster-threads, at most 32 blocks and 2048 threads per SM in all

func.func @softmax(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x64xf32>) outs(%y : memref<4x64xf32>)
  return
}
