// REQUIRES: ptxas
// 64x40000 f32 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: a cluster of 3 blocks per row (64 rows
// alone would leave SMs idle), each keeping a slice in registers; without
// clusters (cluster-size=1), a row of 160000 bytes kept in dynamic shared
// memory.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=CLUSTER --input-file=%t.rows.ptx
// RUN: %{softmax-ptxas:rows-cluster1}
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows-cluster1.ptx

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
