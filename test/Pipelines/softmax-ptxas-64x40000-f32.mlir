// REQUIRES: ptxas
// 64x40000 f32 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: a cluster of 3 blocks per row (64 rows
// alone would leave SMs idle), each keeping a slice in registers; without
// clusters (cluster-size=1), a row of 160000 bytes kept in dynamic shared
// memory.

// RUN: gemm-opt %s --gemm-stage-softmax-3pass="ptx-file=%t.3pass.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.3pass.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %s --gemm-stage-softmax-fused="ptx-file=%t.fused.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.fused.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %s --gemm-stage-softmax-online="ptx-file=%t.online.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.online.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %s --gemm-stage-softmax-vector="ptx-file=%t.vector.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.vector.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %s --gemm-stage-softmax-rows="ptx-file=%t.rows.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.rows.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=CLUSTER --input-file=%t.rows.ptx
// RUN: gemm-opt %s --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-softmax-three-pass,gemm-softmax-fused,gemm-softmax-online,gemm-softmax-vector,gemm-softmax-rows{cluster-size=1}),gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{ptx-file=%t.shared.ptx stage=softmax-rows chip=sm_90})" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.shared.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.shared.ptx

// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill

// CLUSTER: barrier.cluster.arrive.aligned
// CLUSTER: barrier.cluster.wait.aligned
// CLUSTER: mapa.shared::cluster
// CLUSTER: ld.shared::cluster

// ROWS: .shared .align 16 .b8 __dynamic_shmem__0
// ROWS: st.shared.v4.b32
// ROWS: ld.shared.v4.b32

func.func @softmax(%x: memref<64x40000xf32>, %y: memref<64x40000xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<64x40000xf32>) outs(%y : memref<64x40000xf32>)
  return
}
