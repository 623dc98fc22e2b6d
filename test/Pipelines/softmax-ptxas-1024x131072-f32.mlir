// REQUIRES: ptxas
// 1024x131072 f32 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: a thread-block cluster of 8 blocks per row
// (grid 8192, cluster 8x1x1), each block of 256 threads keeping its 64 KB
// slice in registers (16 float4 per thread, at most 80 registers: three
// blocks per SM): one read, one write; the block pairs go through
// distributed shared memory. Without clusters
// (cluster-size=1): the hybrid plan, 8 float4 chunks per thread in
// registers (128 KB of the 512 KB row), 10 chunks through dynamic shared
// memory (160 KB), the last 14 chunks (224 KB) re-read, backwards.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}
// RUN: %ptxas -arch=sm_90 -v %t.rows.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=ROWSREGS
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows.ptx
// RUN: FileCheck %s --check-prefix=ROWSHDR --input-file=%t.rows.ptx
// RUN: %{softmax-ptxas:rows-cluster1}
// RUN: FileCheck %s --check-prefix=HYB --input-file=%t.rows-cluster1.ptx

// ROWSHDR: .maxntid 256
// ROWSHDR-NEXT: .maxnreg 80

// ROWSREGS: Used {{([1-7]?[0-9]|80)}} registers

// Cluster: the 8 loads of the slice, the block's shuffles and one barrier,
// the pair published (st.shared) then the cluster barrier (arrive: release,
// wait: acquire), the 4 pairs read through mapa + ld.shared::cluster, the
// arrive that ends this block's remote reads, the 8 stores, and the wait
// that keeps every block's shared memory alive until then. No other global
// load: nothing is re-read.
// ROWS-COUNT-16: ld.global.v4.b32
// ROWS-NOT: ld.global
// ROWS: bar.sync
// ROWS-NOT: ld.global
// ROWS: st.shared.b32 [__wg_softmax_kernel_2],
// ROWS: st.shared.b32 [__wg_softmax_kernel_2+4],
// ROWS: barrier.cluster.arrive.aligned;
// ROWS-NEXT: barrier.cluster.wait.aligned;
// ROWS: mapa.shared::cluster.u64
// ROWS-NEXT: ld.shared::cluster.b32
// ROWS-NEXT: ld.shared::cluster.b32
// ROWS: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// ROWS: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// ROWS: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// ROWS-NOT: ld.global
// ROWS: barrier.cluster.arrive.aligned;
// ROWS-NOT: ld.global
// ROWS-COUNT-16: st.global.v4.b32
// ROWS-NEXT: barrier.cluster.wait.aligned;
// ROWS-NOT: ld.global

// The 8 register loads, the shared loop's (stored to shared memory), the
// re-read part's; after the barrier only the re-read part is loaded again.
// HYB-COUNT-9: ld.global.v4.b32
// HYB: st.shared.v4.b32
// HYB: ld.global.v4.b32
// HYB: st.shared.v4.b32
// HYB-COUNT-2: ld.global.v4.b32
// HYB: bar.sync
// HYB-COUNT-2: ld.global.v4.b32
// HYB-COUNT-2: ld.shared.v4.b32
// HYB-NOT: ld.global
// HYB-COUNT-8: st.global.v4.b32
// HYB-NOT: ld.global

func.func @softmax(%x: memref<1024x131072xf32>, %y: memref<1024x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf32>) outs(%y : memref<1024x131072xf32>)
  return
}
