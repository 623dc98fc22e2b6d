func.func @softmax(%x: memref<?x?xf16>, %y: memref<?x?xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<?x?xf16>) outs(%y : memref<?x?xf16>)
  return
}
