// REQUIRES: ptxas
// 16384x4096 f16 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: 4 warps per row, 2 rows per block: 8 x f16 per 16-byte access.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: FileCheck %s --check-prefix=VECTOR --input-file=%t.vector.ptx
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows.ptx

// VECTOR: ld.global.v4.b32
// VECTOR: shfl.sync.bfly.b32
// VECTOR: bar.sync
// VECTOR: st.global.v4.b32

// ROWS-COUNT-4: ld.global.v4.b32
// ROWS: cvt.f32.f16
// ROWS: shfl.sync.bfly.b32
// ROWS: bar.sync
// ROWS: cvt.rn.f16x2.f32
// ROWS-COUNT-4: st.global.v4.b32

func.func @softmax(%x: memref<16384x4096xf16>, %y: memref<16384x4096xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<16384x4096xf16>) outs(%y : memref<16384x4096xf16>)
  return
}
