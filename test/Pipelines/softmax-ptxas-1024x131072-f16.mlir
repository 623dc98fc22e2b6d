// REQUIRES: ptxas
// 1024x131072 f16 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: a thread-block cluster of 4 blocks per row
// (grid 4096, cluster 4x1x1), each block of 256 threads keeping its 64 KB
// quarter of the row in registers as packed f16 (16 raw 16-byte vectors
// per thread), the block pairs combined through distributed shared memory;
// one read, one write, no shared-memory staging of the row; at most 80
// registers, so that three blocks share an SM. Without clusters (cluster-size=1): the hybrid
// plan, the same registers plus the other 128 KB staged through dynamic
// shared memory by a loop of 2 loads per thread and iteration.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows.ptx
// RUN: FileCheck %s --check-prefix=ROWSHDR --input-file=%t.rows.ptx
// RUN: FileCheck %s --check-prefix=EXP --input-file=%t.rows.ptx
// RUN: %{softmax-ptxas:rows-cluster1}
// RUN: %ptxas -arch=sm_90 -v %t.rows-cluster1.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=ROWSREGS
// RUN: FileCheck %s --check-prefix=HYB --input-file=%t.rows-cluster1.ptx

// RUN: %ptxas -arch=sm_90 -v %t.rows.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=ROWSREGS

// ROWSREGS: Used {{([1-7]?[0-9]|80)}} registers

// exp(x - m) per element is one fused multiply-add by log2(e) (0f3FB8AA3B)
// and ex2, twice per element (the statistics, then the write): 2 x 128
// elements per thread, plus the two exact splits m log2(e) = hi + lo (lo
// by a fused multiply-add too); no subtraction per element.
// EXP-COUNT-258: fma.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f3FB8AA3B, {{%r[0-9]+}};
// EXP-NOT: fma.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f3FB8AA3B, {{%r[0-9]+}};

// ROWSHDR: .maxntid 256
// ROWSHDR-NEXT: .maxnreg 80

// Cluster: the 16 packed loads, the max in f16x2, the block's barrier, the
// pair published then the cluster barrier, the 4 pairs read through mapa +
// ld.shared::cluster, the arrive ending the remote reads, the 16 stores
// (widened again through cvt.f32.f16), the final wait. No shared-memory
// staging of the row (no st.shared.v4) and nothing re-read.
// ROWS-COUNT-16: ld.global.v4.b32
// ROWS-NOT: ld.global
// ROWS: max.NaN.f16x2
// ROWS-NOT: st.shared.v4
// ROWS: bar.sync
// ROWS-NOT: st.shared.v4
// ROWS: barrier.cluster.arrive.aligned;
// ROWS-NEXT: barrier.cluster.wait.aligned;
// ROWS: mapa.shared::cluster.u64
// ROWS-NEXT: ld.shared::cluster.b32
// ROWS-NEXT: ld.shared::cluster.b32
// ROWS-COUNT-2: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// ROWS-COUNT-2: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// ROWS-NOT: shfl.sync
// ROWS: barrier.cluster.arrive.aligned;
// ROWS-NOT: ld.global
// ROWS: cvt.f32.f16
// ROWS-COUNT-16: st.global.v4.b32
// ROWS-NEXT: barrier.cluster.wait.aligned;
// ROWS-NOT: ld.global

// The 8 register loads and the shared loop's (2 per iteration, stored to
// shared memory); no global load after the barrier: nothing is re-read.
// HYB-COUNT-9: ld.global.v4.b32
// HYB: st.shared.v4.b32
// HYB: ld.global.v4.b32
// HYB: st.shared.v4.b32
// HYB: max.NaN.f16x2
// HYB: bar.sync
// HYB-NOT: ld.global
// HYB-COUNT-2: ld.shared.v4.b32
// HYB-NOT: ld.global
// HYB: cvt.f32.f16
// HYB-COUNT-8: st.global.v4.b32
// HYB-NOT: ld.global

func.func @softmax(%x: memref<1024x131072xf16>, %y: memref<1024x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf16>) outs(%y : memref<1024x131072xf16>)
  return
}
