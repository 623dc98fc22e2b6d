func.func @softmax(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<?x?xf32>) outs(%y : memref<?x?xf32>)
  return
}
