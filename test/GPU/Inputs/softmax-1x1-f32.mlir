// Softmax over the rows of a 1x1 f32 matrix (GPU lane input).
func.func @softmax(%x: memref<1x1xf32>, %y: memref<1x1xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1x1xf32>) outs(%y : memref<1x1xf32>)
  return
}
