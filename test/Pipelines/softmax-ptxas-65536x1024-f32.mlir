// REQUIRES: ptxas
// 65536x1024 f32 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: a warp per row, 8 rows per block: no barrier, 8 float4 loads then 8 float4 stores per lane.

// RUN: %{softmax-ptxas:3pass}
// RUN: FileCheck %s --check-prefix=3PASS --input-file=%t.3pass.ptx
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: FileCheck %s --check-prefix=VECTOR --input-file=%t.vector.ptx
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows.ptx

// 3PASS-COUNT-3: .visible .entry
// 3PASS-NOT: .visible .entry

// VECTOR: ld.global.v4.b32
// VECTOR: shfl.sync.bfly.b32
// VECTOR: st.global.v4.b32

// ROWS: .visible .entry softmax_kernel(
// ROWS-NOT: bar.sync
// ROWS-COUNT-8: ld.global.v4.b32
// ROWS: shfl.sync.bfly.b32
// ROWS: ex2.approx.f32
// ROWS-COUNT-8: st.global.v4.b32

func.func @softmax(%x: memref<65536x1024xf32>, %y: memref<65536x1024xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<65536x1024xf32>) outs(%y : memref<65536x1024xf32>)
  return
}
