// Two matmuls and a softmax in f32, memref form: T = X * W1 (130 x 67 times
// 67 x 259) into a memref.alloc temp, P = softmax(T) over each row into a
// second temp, Out = P * W2 (259 x 33) into the last argument. Every C is
// zero-filled first (beta = 0), so Out is written, not read: an argument
// that is an output. A function of three ops: one PTX module, a version-2
// manifest. Shared by test/GPU; not a test itself.
func.func @mm_softmax_mm(%X: memref<130x67xf32>, %W1: memref<67x259xf32>, %W2: memref<259x33xf32>, %Out: memref<130x33xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<130x259xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<130x259xf32>)
  linalg.matmul ins(%X, %W1 : memref<130x67xf32>, memref<67x259xf32>) outs(%T : memref<130x259xf32>)
  %P = memref.alloc() : memref<130x259xf32>
  linalg.softmax dimension(1) ins(%T : memref<130x259xf32>) outs(%P : memref<130x259xf32>)
  linalg.fill ins(%zero : f32) outs(%Out : memref<130x33xf32>)
  linalg.matmul ins(%P, %W2 : memref<130x259xf32>, memref<259x33xf32>) outs(%Out : memref<130x33xf32>)
  memref.dealloc %P : memref<130x259xf32>
  memref.dealloc %T : memref<130x259xf32>
  return
}
