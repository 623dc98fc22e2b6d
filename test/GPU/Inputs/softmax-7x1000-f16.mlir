// Softmax over the rows of a 7x1000 f16 matrix (GPU lane input).
func.func @softmax(%x: memref<7x1000xf16>, %y: memref<7x1000xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<7x1000xf16>) outs(%y : memref<7x1000xf16>)
  return
}
