// RUN: gemm-opt %s -split-input-file --gemm-specialize-dynamic-dims --verify-diagnostics

func.func @n_dynamic_in_b_only(%a: memref<?x64xf16>, %b: memref<64x?xf16>, %c: memref<?x96xf16>) {
  // expected-error@+1 {{'linalg.matmul' op N is dynamic in some operands and static in others (C); make it dynamic in all}}
  linalg.matmul ins(%a, %b : memref<?x64xf16>, memref<64x?xf16>) outs(%c : memref<?x96xf16>)
  return
}

// -----

func.func @k_static_in_b(%a: memref<8x?xf16>, %b: memref<64x96xf16>, %c: memref<8x96xf16>) {
  // expected-error@+1 {{'linalg.matmul' op K is dynamic in some operands and static in others (B); make it dynamic in all}}
  linalg.matmul ins(%a, %b : memref<8x?xf16>, memref<64x96xf16>) outs(%c : memref<8x96xf16>)
  return
}

// -----

// Several ops share one dynamic size, the token count (their rows): a
// dynamic N or K (here the second matmul's K, a second dynamic size) is an
// error at the op that has it.
func.func @two_sizes(%a: memref<?x64xf16>, %b: memref<64x?xf16>, %c: memref<?x?xf16>, %d: memref<?x64xf16>) {
  // expected-error@+1 {{'linalg.matmul' op has a dynamic N or K in a function of several ops; gemm-opt compiles a dynamic token count there (every op's M, the rows), a dynamic N or K for a function of one matmul only}}
  linalg.matmul ins(%a, %b : memref<?x64xf16>, memref<64x?xf16>) outs(%c : memref<?x?xf16>)
  linalg.matmul ins(%c, %b : memref<?x?xf16>, memref<64x?xf16>) outs(%d : memref<?x64xf16>)
  return
}

// -----

func.func @static_rows_beside(%a: memref<?x64xf16>, %b: memref<64x64xf16>, %c: memref<?x64xf16>, %e: memref<8x64xf16>, %f: memref<8x64xf16>) {
  linalg.matmul ins(%a, %b : memref<?x64xf16>, memref<64x64xf16>) outs(%c : memref<?x64xf16>)
  // expected-error@+1 {{'linalg.matmul' op has a static M beside ops with a dynamic one; in a function of several ops gemm-opt compiles a dynamic token count as the rows of every op}}
  linalg.matmul ins(%e, %b : memref<8x64xf16>, memref<64x64xf16>) outs(%f : memref<8x64xf16>)
  return
}

// -----

func.func @softmax_cols_beside(%a: memref<?x64xf16>, %b: memref<64x64xf16>, %c: memref<?x64xf16>, %x: memref<8x?xf16>, %y: memref<8x?xf16>) {
  linalg.matmul ins(%a, %b : memref<?x64xf16>, memref<64x64xf16>) outs(%c : memref<?x64xf16>)
  // expected-error@+1 {{'linalg.softmax' op has dynamic dimensions beside other kernel ops; gemm-opt compiles a softmax of such a function over its last, static dimension, one leading dimension the dynamic token count}}
  linalg.softmax dimension(1) ins(%x : memref<8x?xf16>) outs(%y : memref<8x?xf16>)
  return
}

// -----

// A batch_matmul among several ops: they must share a dynamic batch count,
// not tokens; one of a static count beside a token count is an error at it.
func.func @batch_beside(%a: memref<?x64xf16>, %b: memref<64x64xf16>, %c: memref<?x64xf16>, %q: memref<2x?x64xf16>, %k: memref<2x64x8xf16>, %o: memref<2x?x8xf16>) {
  linalg.matmul ins(%a, %b : memref<?x64xf16>, memref<64x64xf16>) outs(%c : memref<?x64xf16>)
  // expected-error@+1 {{'linalg.batch_matmul' op is a batch_matmul with a static batch count in a function of several ops with dynamic dimensions; gemm-opt compiles a dynamic token count shared by matmuls and softmaxes, or a dynamic batch count shared by batch_matmuls and softmaxes, so far}}
  linalg.batch_matmul ins(%q, %k : memref<2x?x64xf16>, memref<2x64x8xf16>) outs(%o : memref<2x?x8xf16>)
  return
}

// -----

// A 2-D matmul beside batch_matmuls of a dynamic count: an error at it.
func.func @matmul_beside_batch(%a: memref<8x64xf16>, %b: memref<64x64xf16>, %c: memref<8x64xf16>, %q: memref<?x8x64xf16>, %k: memref<?x64x8xf16>, %o: memref<?x8x8xf16>) {
  // expected-error@+1 {{'linalg.matmul' op is a 2-D matmul beside batch_matmuls with a dynamic batch count; in a function of several ops with a dynamic batch count gemm-opt compiles batch_matmuls whose batch alone is dynamic and softmaxes over the last dimension of [?, rows, cols]}}
  linalg.matmul ins(%a, %b : memref<8x64xf16>, memref<64x64xf16>) outs(%c : memref<8x64xf16>)
  linalg.batch_matmul ins(%q, %k : memref<?x8x64xf16>, memref<?x64x8xf16>) outs(%o : memref<?x8x8xf16>)
  return
}

// -----

func.func @batch_and_m(%q: memref<?x8x64xf16>, %k: memref<?x64x16xf16>, %s: memref<?x8x16xf16>, %v: memref<?x16x64xf16>, %o: memref<?x?x64xf16>, %p: memref<?x?x16xf16>) {
  linalg.batch_matmul ins(%q, %k : memref<?x8x64xf16>, memref<?x64x16xf16>) outs(%s : memref<?x8x16xf16>)
  // expected-error@+1 {{'linalg.batch_matmul' op has a dynamic M, N or K beside ops with a dynamic batch count; in a function of several ops with a dynamic batch count gemm-opt compiles batch_matmuls whose batch alone is dynamic}}
  linalg.batch_matmul ins(%p, %v : memref<?x?x16xf16>, memref<?x16x64xf16>) outs(%o : memref<?x?x64xf16>)
  return
}

// -----

func.func @static_batch_beside(%q: memref<?x8x64xf16>, %k: memref<?x64x16xf16>, %s: memref<?x8x16xf16>, %p: memref<2x?x16xf16>, %v: memref<2x16x64xf16>, %o: memref<2x?x64xf16>) {
  linalg.batch_matmul ins(%q, %k : memref<?x8x64xf16>, memref<?x64x16xf16>) outs(%s : memref<?x8x16xf16>)
  // expected-error@+1 {{'linalg.batch_matmul' op has a static batch count beside ops with a dynamic batch count}}
  linalg.batch_matmul ins(%p, %v : memref<2x?x16xf16>, memref<2x16x64xf16>) outs(%o : memref<2x?x64xf16>)
  return
}

// -----

// Scores of [?, heads, q, k] (the 4-D form): not batched over one leading
// dimension.
func.func @softmax_4d_beside_batch(%q: memref<?x8x64xf16>, %k: memref<?x64x16xf16>, %s: memref<?x8x16xf16>, %x: memref<?x3x8x16xf16>, %y: memref<?x3x8x16xf16>) {
  linalg.batch_matmul ins(%q, %k : memref<?x8x64xf16>, memref<?x64x16xf16>) outs(%s : memref<?x8x16xf16>)
  // expected-error@+1 {{'linalg.softmax' op is a softmax beside batch_matmuls with a dynamic batch count, not of [?, rows, cols] over its last dimension}}
  linalg.softmax dimension(3) ins(%x : memref<?x3x8x16xf16>) outs(%y : memref<?x3x8x16xf16>)
  return
}

// -----

func.func @softmax_rows_beside_batch(%q: memref<?x8x64xf16>, %k: memref<?x64x16xf16>, %s: memref<?x8x16xf16>, %y: memref<?x8x16xf16>) {
  linalg.batch_matmul ins(%q, %k : memref<?x8x64xf16>, memref<?x64x16xf16>) outs(%s : memref<?x8x16xf16>)
  // expected-error@+1 {{'linalg.softmax' op is a softmax beside batch_matmuls with a dynamic batch count, not of [?, rows, cols] over its last dimension}}
  linalg.softmax dimension(1) ins(%s : memref<?x8x16xf16>) outs(%y : memref<?x8x16xf16>)
  return
}

// -----

// expected-error@+1 {{has dynamic dimensions; gemm-opt compiles those for a function of linalg.matmul, linalg.batch_matmul and linalg.softmax ops in one block, so far}}
func.func @no_kernel_op(%a: memref<?x64xf16>) {
  return
}

// -----

func.func @softmax_two_dynamic_leading(%x: memref<?x?x64xf32>, %y: memref<?x?x64xf32>) {
  // expected-error@+1 {{'linalg.softmax' op has dynamic dimensions; gemm-opt compiles dynamic rows and columns of a softmax over its last dimension (X and Y of one shape, at most one of the leading dimensions dynamic), so far}}
  linalg.softmax dimension(2) ins(%x : memref<?x?x64xf32>) outs(%y : memref<?x?x64xf32>)
  return
}

// -----

func.func @batch_static_in_c(%a: memref<?x8x64xf16>, %b: memref<?x64x96xf16>, %c: memref<4x8x96xf32>) {
  // expected-error@+1 {{'linalg.batch_matmul' op the batch is dynamic in some operands and static in others (C); make it dynamic in all}}
  linalg.batch_matmul ins(%a, %b : memref<?x8x64xf16>, memref<?x64x96xf16>) outs(%c : memref<4x8x96xf32>)
  return
}

// -----

// A dynamic batch count arriving as the first of four dimensions (torch's
// [?, heads, q, d], collapsed into the batch inside the function): the count
// would be a product of the argument's dimensions.
// expected-error@+1 {{has a dynamic batch count in a value of type 'tensor<?x3x130x259xbf16>'; gemm-opt compiles a dynamic batch count as the first dimension of 3-D arguments and results ([?, rows, cols]) only, so far (a 4-D [?, heads, q, d] form collapsed into the batch is not)}}
func.func @batch_4d(%a: tensor<?x3x130x259xbf16>, %b: tensor<?x3x259x67xbf16>) -> tensor<?x3x130x67xbf16> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : bf16
  %n = tensor.dim %a, %c0 : tensor<?x3x130x259xbf16>
  %a3 = tensor.collapse_shape %a [[0, 1], [2], [3]] : tensor<?x3x130x259xbf16> into tensor<?x130x259xbf16>
  %b3 = tensor.collapse_shape %b [[0, 1], [2], [3]] : tensor<?x3x259x67xbf16> into tensor<?x259x67xbf16>
  %nb = arith.muli %n, %c3 : index
  %e = tensor.empty(%nb) : tensor<?x130x67xbf16>
  %c = linalg.fill ins(%zero : bf16) outs(%e : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %r3 = linalg.batch_matmul ins(%a3, %b3 : tensor<?x130x259xbf16>, tensor<?x259x67xbf16>) outs(%c : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %r = tensor.expand_shape %r3 [[0, 1], [2], [3]] output_shape [%n, 3, 130, 67] : tensor<?x130x67xbf16> into tensor<?x3x130x67xbf16>
  return %r : tensor<?x3x130x67xbf16>
}
