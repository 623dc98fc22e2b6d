func.func @softmax(%x: memref<?x32768xf32>, %y: memref<?x32768xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<?x32768xf32>) outs(%y : memref<?x32768xf32>)
  return
}
