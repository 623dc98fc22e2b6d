// Softmax over the rows of a 3x5 f16 matrix (GPU lane input).
func.func @softmax(%x: memref<3x5xf16>, %y: memref<3x5xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<3x5xf16>) outs(%y : memref<3x5xf16>)
  return
}
