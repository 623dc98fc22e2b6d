// Softmax over the rows of a 3x5 f32 matrix (GPU lane input).
func.func @softmax(%x: memref<3x5xf32>, %y: memref<3x5xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<3x5xf32>) outs(%y : memref<3x5xf32>)
  return
}
