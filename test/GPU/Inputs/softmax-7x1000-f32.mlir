// Softmax over the rows of a 7x1000 f32 matrix (GPU lane input).
func.func @softmax(%x: memref<7x1000xf32>, %y: memref<7x1000xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<7x1000xf32>) outs(%y : memref<7x1000xf32>)
  return
}
