func.func @softmax(%x: memref<?x131072xf32>, %y: memref<?x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<?x131072xf32>) outs(%y : memref<?x131072xf32>)
  return
}
