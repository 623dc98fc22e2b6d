// Softmax over the rows of a 1000x4097 f32 matrix (GPU lane input).
func.func @softmax(%x: memref<1000x4097xf32>, %y: memref<1000x4097xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1000x4097xf32>) outs(%y : memref<1000x4097xf32>)
  return
}
