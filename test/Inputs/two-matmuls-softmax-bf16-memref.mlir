// Two matmuls and a softmax in bf16, memref form: H = X W1 (zeroed first,
// beta = 0) into a temporary allocation, P = softmax(H) into another, then
// Out += P W2 (beta = 1: Out is accumulated into); M = 130, hidden 67, in
// 259, out 96. gemm-opt outlines each op into a function of its own and
// writes a version-2 manifest (temp0 = H, temp1 = P; Out is arg3). Shared
// by test/Pipelines and the GPU tests; not a test itself.
func.func @mlp_softmax(%X: memref<130x259xbf16>, %W1: memref<259x67xbf16>, %W2: memref<67x96xbf16>, %Out: memref<130x96xbf16>) {
  %zero = arith.constant 0.0 : bf16
  %H = memref.alloc() : memref<130x67xbf16>
  linalg.fill ins(%zero : bf16) outs(%H : memref<130x67xbf16>)
  linalg.matmul ins(%X, %W1 : memref<130x259xbf16>, memref<259x67xbf16>) outs(%H : memref<130x67xbf16>)
  %P = memref.alloc() : memref<130x67xbf16>
  linalg.softmax dimension(1) ins(%H : memref<130x67xbf16>) outs(%P : memref<130x67xbf16>)
  linalg.matmul ins(%P, %W2 : memref<130x67xbf16>, memref<67x96xbf16>) outs(%Out : memref<130x96xbf16>)
  memref.dealloc %H : memref<130x67xbf16>
  memref.dealloc %P : memref<130x67xbf16>
  return
}
