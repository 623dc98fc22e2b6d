// RUN: gemm-opt %s -split-input-file --gemm-outline-kernel-ops | FileCheck %s

// Two matmuls and a softmax (bufferized): each op moves into a private
// function of its operand buffers, in program order, with the zero fill of
// its C that a kernel folds (and the fill's constant); the caller keeps its
// allocations and calls the ops in their places. The fill of a C that is
// not directly before its matmul stays with the matmul too (nothing in
// between touches C).
// CHECK-LABEL: func.func @block(
// CHECK-SAME:      %[[X:.*]]: memref<8x16xf32>, %[[W1:.*]]: memref<16x4xf32>, %[[W2:.*]]: memref<4x8xf32>, %[[OUT:.*]]: memref<8x8xf32>)
// CHECK-NEXT:    %[[H:.*]] = memref.alloc() : memref<8x4xf32>
// CHECK-NEXT:    %[[P:.*]] = memref.alloc() : memref<8x4xf32>
// CHECK-NEXT:    call @block_op0(%[[X]], %[[W1]], %[[H]]) : (memref<8x16xf32>, memref<16x4xf32>, memref<8x4xf32>) -> ()
// CHECK-NEXT:    call @block_op1(%[[H]], %[[P]]) : (memref<8x4xf32>, memref<8x4xf32>) -> ()
// CHECK-NEXT:    call @block_op2(%[[P]], %[[W2]], %[[OUT]]) : (memref<8x4xf32>, memref<4x8xf32>, memref<8x8xf32>) -> ()
// CHECK-NEXT:    memref.dealloc %[[H]]
// CHECK-NEXT:    return
// CHECK-NOT:   linalg.

// CHECK-LABEL: func.func private @block_op0(
// CHECK-SAME:      %[[A:.*]]: memref<8x16xf32>, %[[B:.*]]: memref<16x4xf32>, %[[C:.*]]: memref<8x4xf32>)
// CHECK-SAME:      attributes {gemm_opt.outlined_op = "matmul"}
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f32) outs(%[[C]] : memref<8x4xf32>)
// CHECK-NEXT:    linalg.matmul ins(%[[A]], %[[B]] : memref<8x16xf32>, memref<16x4xf32>) outs(%[[C]] : memref<8x4xf32>)
// CHECK-NEXT:    return

// CHECK-LABEL: func.func private @block_op1(
// CHECK-SAME:      %[[SX:.*]]: memref<8x4xf32>, %[[SY:.*]]: memref<8x4xf32>)
// CHECK-SAME:      attributes {gemm_opt.outlined_op = "softmax"}
// CHECK-NEXT:    linalg.softmax dimension(1) ins(%[[SX]] : memref<8x4xf32>) outs(%[[SY]] : memref<8x4xf32>)
// CHECK-NEXT:    return

// CHECK-LABEL: func.func private @block_op2(
// CHECK-SAME:      attributes {gemm_opt.outlined_op = "matmul"}
// CHECK-NOT:     linalg.fill
// CHECK:         linalg.matmul
// CHECK-NEXT:    return
func.func @block(%X: memref<8x16xf32>, %W1: memref<16x4xf32>, %W2: memref<4x8xf32>, %Out: memref<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %H = memref.alloc() : memref<8x4xf32>
  linalg.fill ins(%zero : f32) outs(%H : memref<8x4xf32>)
  %P = memref.alloc() : memref<8x4xf32>
  linalg.matmul ins(%X, %W1 : memref<8x16xf32>, memref<16x4xf32>) outs(%H : memref<8x4xf32>)
  linalg.softmax dimension(1) ins(%H : memref<8x4xf32>) outs(%P : memref<8x4xf32>)
  linalg.matmul ins(%P, %W2 : memref<8x4xf32>, memref<4x8xf32>) outs(%Out : memref<8x8xf32>)
  memref.dealloc %H : memref<8x4xf32>
  return
}

// -----

// A function of one op is left as it is, as is a function of none.
// CHECK-LABEL: func.func @one(
// CHECK-NEXT:    linalg.softmax
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @none(
// CHECK-NOT:   func.func
func.func @one(%x: memref<8x16xf32>, %y: memref<8x16xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<8x16xf32>) outs(%y : memref<8x16xf32>)
  return
}
func.func @none() {
  return
}

// -----

// A batch_matmul is a matmul op; an operand shared by two ops is an
// argument of both callees. A name that is taken gets a suffix, so that
// kernel names (outlined kernels are named after their function) stay
// unique.
// CHECK-LABEL: func.func @two(
// CHECK-NEXT:    call @two_op0_0(%{{.*}}, %{{.*}}, %[[C:.*]]) :
// CHECK-NEXT:    call @two_op1(%[[C]], %{{.*}}, %{{.*}}) :
// CHECK:       func.func private @two_op0_0(
// CHECK-SAME:      gemm_opt.outlined_op = "matmul"
// CHECK-NEXT:    linalg.batch_matmul
// CHECK:       func.func private @two_op1(
// CHECK:       func.func @two_op0(
// CHECK-NEXT:    return
func.func @two(%A: memref<2x8x4xf32>, %B: memref<2x4x8xf32>, %C: memref<2x8x8xf32>, %D: memref<2x8x8xf32>, %E: memref<2x8x8xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<2x8x4xf32>, memref<2x4x8xf32>) outs(%C : memref<2x8x8xf32>)
  linalg.batch_matmul ins(%C, %D : memref<2x8x8xf32>, memref<2x8x8xf32>) outs(%E : memref<2x8x8xf32>)
  return
}
func.func @two_op0() {
  return
}

// -----

// One matmul reading one buffer as A and B (x @ x.T, B stored N x K): a
// kernel argument has one role, so even a function of one op is outlined,
// its callee taking the buffer twice (A, then B) and the call passing it
// twice.
// CHECK-LABEL: func.func @gram(
// CHECK-SAME:      %[[X:.*]]: memref<8x16xf32>, %[[G:.*]]: memref<8x8xf32>)
// CHECK-NEXT:    call @gram_op0(%[[X]], %[[X]], %[[G]]) : (memref<8x16xf32>, memref<8x16xf32>, memref<8x8xf32>) -> ()
// CHECK-NEXT:    return
// CHECK-LABEL: func.func private @gram_op0(
// CHECK-SAME:      %[[A:.*]]: memref<8x16xf32>, %[[B:.*]]: memref<8x16xf32>, %[[C:.*]]: memref<8x8xf32>)
// CHECK:         linalg.matmul indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}] ins(%[[A]], %[[B]] : memref<8x16xf32>, memref<8x16xf32>) outs(%[[C]] : memref<8x8xf32>)
func.func @gram(%x: memref<8x16xf32>, %g: memref<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%g : memref<8x8xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %x : memref<8x16xf32>, memref<8x16xf32>) outs(%g : memref<8x8xf32>)
  return
}

// -----

// A function of one op that returns a buffer twice, or an argument: only a
// version-2 manifest names every argument and the buffer each result is,
// so the op is outlined; the returns stay as they are. An argument the op
// writes, returned once (a tensor C passed in, bufferized in place), is
// the function's output, which version 1 describes: left alone, as is a
// dynamic function's variant (its manifest a version-1 template).
// CHECK-LABEL: func.func @twice(
// CHECK:         %[[R:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK-NEXT:    call @twice_op0(%{{.*}}, %{{.*}}, %[[R]]) :
// CHECK-NEXT:    return %[[R]], %[[R]] :
// CHECK-LABEL: func.func private @twice_op0(
// CHECK:         linalg.matmul
// CHECK-LABEL: func.func @passed_through(
// CHECK-SAME:      %{{.*}}: memref<8x4xf32>, %{{.*}}: memref<4x8xf32>, %[[X:.*]]: memref<8x16xf32>)
// CHECK:         call @passed_through_op0(
// CHECK-NEXT:    return %{{.*}}, %[[X]] :
// CHECK-LABEL: func.func private @passed_through_op0(
// CHECK-LABEL: func.func @written_out(
// CHECK-NEXT:    linalg.matmul
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @variant_m8(
// CHECK-NEXT:    memref.alloc
// CHECK-NEXT:    linalg.softmax
// CHECK-NEXT:    return
// CHECK-NOT:   func.func
func.func @twice(%a: memref<8x4xf32>, %b: memref<4x8xf32>) -> (memref<8x8xf32>, memref<8x8xf32>) {
  %r = memref.alloc() : memref<8x8xf32>
  linalg.matmul ins(%a, %b : memref<8x4xf32>, memref<4x8xf32>) outs(%r : memref<8x8xf32>)
  return %r, %r : memref<8x8xf32>, memref<8x8xf32>
}
func.func @passed_through(%a: memref<8x4xf32>, %b: memref<4x8xf32>, %x: memref<8x16xf32>) -> (memref<8x8xf32>, memref<8x16xf32>) {
  %r = memref.alloc() : memref<8x8xf32>
  linalg.matmul ins(%a, %b : memref<8x4xf32>, memref<4x8xf32>) outs(%r : memref<8x8xf32>)
  return %r, %x : memref<8x8xf32>, memref<8x16xf32>
}
func.func @written_out(%a: memref<8x4xf32>, %b: memref<4x8xf32>, %c: memref<8x8xf32>) -> memref<8x8xf32> {
  linalg.matmul ins(%a, %b : memref<8x4xf32>, memref<4x8xf32>) outs(%c : memref<8x8xf32>)
  return %c : memref<8x8xf32>
}
func.func @variant_m8(%x: memref<8x16xf32>, %m: index {gemm_opt.symbol = "M"}) -> (memref<8x16xf32>, memref<8x16xf32>) attributes {gemm_opt.variant = {hi = 8 : i64, lo = 1 : i64, of = "variant", planned = 8 : i64, symbol = "M"}} {
  %y = memref.alloc() : memref<8x16xf32>
  linalg.softmax dimension(1) ins(%x : memref<8x16xf32>) outs(%y : memref<8x16xf32>)
  return %y, %x : memref<8x16xf32>, memref<8x16xf32>
}

// -----

// Attention's output transpose(1, 2) after P V: the copy, the expand_shape
// it reads and the matmul's temporary move into the matmul's function with
// it, whose arguments are A, B and the copy's output (the kernel writes C
// in the copy's layout).
// CHECK-LABEL: func.func @heads(
// CHECK-SAME:      %[[S:.*]]: memref<6x8x16xf16>, %[[V:.*]]: memref<6x16x4xf16>, %[[O:.*]]: memref<2x8x3x4xf32>)
// CHECK:         %[[P:.*]] = memref.alloc() : memref<6x8x16xf16>
// CHECK:         call @heads_op0(
// CHECK-NEXT:    call @heads_op1(%[[P]], %[[V]], %[[O]]) : (memref<6x8x16xf16>, memref<6x16x4xf16>, memref<2x8x3x4xf32>) -> ()
// CHECK-NEXT:    return
// CHECK-LABEL: func.func private @heads_op1(
// CHECK-SAME:      %[[A:.*]]: memref<6x8x16xf16>, %[[B:.*]]: memref<6x16x4xf16>, %[[OUT:.*]]: memref<2x8x3x4xf32>)
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<6x8x4xf32>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f32) outs(%[[T]] : memref<6x8x4xf32>)
// CHECK-NEXT:    linalg.batch_matmul ins(%[[A]], %[[B]] : memref<6x8x16xf16>, memref<6x16x4xf16>) outs(%[[T]] : memref<6x8x4xf32>)
// CHECK-NEXT:    %[[X:.*]] = memref.expand_shape %[[T]]
// CHECK-NEXT:    linalg.transpose ins(%[[X]] : memref<2x3x8x4xf32>) outs(%[[OUT]] : memref<2x8x3x4xf32>) permutation = [0, 2, 1, 3]
// CHECK-NEXT:    return
func.func @heads(%s: memref<6x8x16xf16>, %v: memref<6x16x4xf16>, %out: memref<2x8x3x4xf32>) {
  %p = memref.alloc() : memref<6x8x16xf16>
  linalg.softmax dimension(2) ins(%s : memref<6x8x16xf16>) outs(%p : memref<6x8x16xf16>)
  %cst = arith.constant 0.000000e+00 : f32
  %t = memref.alloc() : memref<6x8x4xf32>
  linalg.fill ins(%cst : f32) outs(%t : memref<6x8x4xf32>)
  linalg.batch_matmul ins(%p, %v : memref<6x8x16xf16>, memref<6x16x4xf16>) outs(%t : memref<6x8x4xf32>)
  %x = memref.expand_shape %t [[0, 1], [2], [3]] output_shape [2, 3, 8, 4] : memref<6x8x4xf32> into memref<2x3x8x4xf32>
  linalg.transpose ins(%x : memref<2x3x8x4xf32>) outs(%out : memref<2x8x3x4xf32>) permutation = [0, 2, 1, 3]
  return
}
