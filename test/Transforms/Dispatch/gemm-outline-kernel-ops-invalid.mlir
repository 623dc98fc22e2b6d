// RUN: gemm-opt %s -split-input-file --gemm-outline-kernel-ops --verify-diagnostics

// An outlined op's buffers are bound by a runner: a view is no buffer.
func.func @view(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<16x8xf32>, %D: memref<8x8xf32>) {
  %top = memref.subview %C[0, 0] [8, 8] [1, 1] : memref<16x8xf32> to memref<8x8xf32, strided<[8, 1]>>
  // expected-error@+1 {{'linalg.matmul' op operand #2 is not a whole function argument or allocation, or a reshape of one; a runner binds each op's buffers}}
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%top : memref<8x8xf32, strided<[8, 1]>>)
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%D : memref<8x8xf32>)
  return
}

// -----

// Only ops of the function's body: one in a loop would need the loop.
func.func @loop(%x: memref<8x16xf32>, %y: memref<8x16xf32>, %z: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c2 step %c1 {
    // expected-error@+1 {{'linalg.softmax' op is not directly in a function's body; gemm-opt outlines kernel ops of a function's body only}}
    linalg.softmax dimension(1) ins(%x : memref<8x16xf32>) outs(%y : memref<8x16xf32>)
  }
  linalg.softmax dimension(1) ins(%y : memref<8x16xf32>) outs(%z : memref<8x16xf32>)
  return
}

// -----

// An op's output must be a buffer of its own.
func.func @in_place(%x: memref<8x16xf32>, %y: memref<8x16xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<8x16xf32>) outs(%y : memref<8x16xf32>)
  // expected-error@+1 {{'linalg.softmax' op writes its output into one of its inputs; an op's output must be a buffer of its own}}
  linalg.softmax dimension(1) ins(%y : memref<8x16xf32>) outs(%y : memref<8x16xf32>)
  return
}

// -----

// Outlining runs after bufferization.
func.func @tensors(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  // expected-error@+1 {{'linalg.softmax' op must be bufferized before it is outlined}}
  %p = linalg.softmax dimension(1) ins(%x : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %q = linalg.softmax dimension(1) ins(%p : tensor<8x16xf32>) outs(%y : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %q : tensor<8x16xf32>
}
