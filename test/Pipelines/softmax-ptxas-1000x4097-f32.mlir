// REQUIRES: ptxas
// 1000x4097 f32 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: odd row length: scalar accesses, guarded tail.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows.ptx

// ROWS-NOT: ld.global.v4
// ROWS: ld.global.b32

func.func @softmax(%x: memref<1000x4097xf32>, %y: memref<1000x4097xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1000x4097xf32>) outs(%y : memref<1000x4097xf32>)
  return
}
