func.func @softmax(%x: memref<?x1xbf16>, %y: memref<?x1xbf16>) {
  linalg.softmax dimension(1) ins(%x : memref<?x1xbf16>) outs(%y : memref<?x1xbf16>)
  return
}
