// Softmax over the rows of a 65536x1024 f32 matrix. Shared by test/Pipelines; not a
// test itself.
func.func @softmax(%x: memref<65536x1024xf32>, %y: memref<65536x1024xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<65536x1024xf32>) outs(%y : memref<65536x1024xf32>)
  return
}
