// Two matmuls and a softmax in f16 for one row (M = 1), memref form: T = x
// * W1 (1 x 256 times 256 x 512) into a memref.alloc temp, P = softmax(T)
// into a second temp, then Out += P * W2 (512 x 128) accumulated into the
// last argument (no fill: beta = 1, so Out is read before it is written:
// an input and an output). A function of three ops: one PTX module, a
// version-2 manifest. Shared by test/GPU; not a test itself.
func.func @mm_softmax_mm(%X: memref<1x256xf16>, %W1: memref<256x512xf16>, %W2: memref<512x128xf16>, %Out: memref<1x128xf16>) {
  %zero = arith.constant 0.0 : f16
  %T = memref.alloc() : memref<1x512xf16>
  linalg.fill ins(%zero : f16) outs(%T : memref<1x512xf16>)
  linalg.matmul ins(%X, %W1 : memref<1x256xf16>, memref<256x512xf16>) outs(%T : memref<1x512xf16>)
  %P = memref.alloc() : memref<1x512xf16>
  linalg.softmax dimension(1) ins(%T : memref<1x512xf16>) outs(%P : memref<1x512xf16>)
  linalg.matmul ins(%P, %W2 : memref<1x512xf16>, memref<512x128xf16>) outs(%Out : memref<1x128xf16>)
  memref.dealloc %P : memref<1x512xf16>
  memref.dealloc %T : memref<1x512xf16>
  return
}
