func.func @softmax(%x: memref<?x32768xf16>, %y: memref<?x32768xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<?x32768xf16>) outs(%y : memref<?x32768xf16>)
  return
}
