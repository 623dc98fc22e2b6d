// Softmax over the rows of a 1024x131072 f32 matrix. Shared by test/Pipelines; not a
// test itself.
func.func @softmax(%x: memref<1024x131072xf32>, %y: memref<1024x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf32>) outs(%y : memref<1024x131072xf32>)
  return
}
