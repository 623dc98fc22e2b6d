// REQUIRES: ptxas
// 7x1000 f16 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: a warp per row, 1000 = 125 x 8.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows.ptx

// ROWS: ld.global.v4.b32

func.func @softmax(%x: memref<7x1000xf16>, %y: memref<7x1000xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<7x1000xf16>) outs(%y : memref<7x1000xf16>)
  return
}
