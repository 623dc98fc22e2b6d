// REQUIRES: ptxas
// 1x1 f32 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: a single element.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}

func.func @softmax(%x: memref<1x1xf32>, %y: memref<1x1xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1x1xf32>) outs(%y : memref<1x1xf32>)
  return
}
