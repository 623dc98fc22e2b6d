// Attention scores [batch 2, heads 3, queries, keys] f32 with dynamic query
// and key counts, a softmax over the keys: 6 x queries rows (a multiple of
// 6 in the manifest, the queries rows / 6) of a dynamic column count.
// Shared by test/GPU and test/Target; not a test itself.
func.func @probs(%x: memref<2x3x?x?xf32>, %y: memref<2x3x?x?xf32>) {
  linalg.softmax dimension(3) ins(%x : memref<2x3x?x?xf32>) outs(%y : memref<2x3x?x?xf32>)
  return
}
