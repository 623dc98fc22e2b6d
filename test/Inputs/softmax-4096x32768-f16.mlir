// Softmax over the rows of a 4096x32768 f16 matrix. Shared by test/Pipelines; not a
// test itself.
func.func @softmax(%x: memref<4096x32768xf16>, %y: memref<4096x32768xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<4096x32768xf16>) outs(%y : memref<4096x32768xf16>)
  return
}
