// REQUIRES: ptxas
// 4096x32768 f32 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: a block of 1024 per row, 32 elements per thread in registers.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: FileCheck %s --check-prefix=ONLINE --input-file=%t.online.ptx
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows.ptx

// ONLINE-NOT: ld.global.v4
// ONLINE-COUNT-32: ld.global.b32

// ROWS-COUNT-8: ld.global.v4.b32
// ROWS-COUNT-8: st.global.v4.b32

func.func @softmax(%x: memref<4096x32768xf32>, %y: memref<4096x32768xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4096x32768xf32>) outs(%y : memref<4096x32768xf32>)
  return
}
