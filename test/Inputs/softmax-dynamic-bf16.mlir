func.func @softmax(%x: memref<?x?xbf16>, %y: memref<?x?xbf16>) {
  linalg.softmax dimension(1) ins(%x : memref<?x?xbf16>) outs(%y : memref<?x?xbf16>)
  return
}
