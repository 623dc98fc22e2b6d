// REQUIRES: ptxas
// 3x5 bf16 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: a lane per row, bf16.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows.ptx

// ROWS: cvt.f32.bf16
// ROWS: cvt.rn.bf16.f32

func.func @softmax(%x: memref<3x5xbf16>, %y: memref<3x5xbf16>) {
  linalg.softmax dimension(1) ins(%x : memref<3x5xbf16>) outs(%y : memref<3x5xbf16>)
  return
}
