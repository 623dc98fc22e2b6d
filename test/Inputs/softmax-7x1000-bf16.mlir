// Softmax over the rows of a 7x1000 bf16 matrix. Shared by test/Pipelines; not a
// test itself.
func.func @softmax(%x: memref<7x1000xbf16>, %y: memref<7x1000xbf16>) {
  linalg.softmax dimension(1) ins(%x : memref<7x1000xbf16>) outs(%y : memref<7x1000xbf16>)
  return
}
