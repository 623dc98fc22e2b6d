func.func @softmax(%x: memref<?x5000xf32>, %y: memref<?x5000xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<?x5000xf32>) outs(%y : memref<?x5000xf32>)
  return
}
