// RUN: gemm-opt %s -split-input-file --gemm-verify-input --verify-diagnostics

// Each case is something gemm-opt cannot compile; the error is at the
// offending operation.

func.func @linalg_generic(%A: memref<8x8xf32>, %B: memref<8x8xf32>) {
  // expected-error@+1 {{'linalg.generic' op only permutes its input: gemm-opt folds such a copy into the linalg.matmul or linalg.batch_matmul that reads it (a transposed operand) and compiles none on its own}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<8x8xf32>) outs(%B : memref<8x8xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// A transpose that a matmul reads, but that is also returned: the matmul
// reads W in place (gemm-fold-operand-transposes), the copy stays.
func.func @transpose_returned(%w: tensor<48x32xf16>) -> tensor<32x48xf16> {
  %e = tensor.empty() : tensor<32x48xf16>
  // expected-error@+1 {{'linalg.transpose' op only permutes its input: gemm-opt folds such a copy into the linalg.matmul or linalg.batch_matmul that reads it (a transposed operand) and compiles none on its own; this one has another use, or a permutation no matmul layout expresses (the batch must stay first)}}
  %wt = linalg.transpose ins(%w : tensor<48x32xf16>) outs(%e : tensor<32x48xf16>) permutation = [1, 0]
  return %wt : tensor<32x48xf16>
}

// -----

// A permutation that moves the batch other than attention's output
// transpose(1, 2) (which compiles: [b, h, q, d] to [b, q, h, d], a C whose
// rows are h * d elements apart): here the heads before the sequences,
// which no row stride expresses.
func.func @result_batch_moved(%p: tensor<2x3x8x16xf16>, %v: tensor<2x3x16x4xf16>) -> tensor<3x2x8x4xf32> {
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x3x8x16xf16> into tensor<6x8x16xf16>
  %v3 = tensor.collapse_shape %v [[0, 1], [2], [3]] : tensor<2x3x16x4xf16> into tensor<6x16x4xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x8x4xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<6x8x4xf32>) -> tensor<6x8x4xf32>
  %o3 = linalg.batch_matmul ins(%p3, %v3 : tensor<6x8x16xf16>, tensor<6x16x4xf16>) outs(%c : tensor<6x8x4xf32>) -> tensor<6x8x4xf32>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 3, 8, 4] : tensor<6x8x4xf32> into tensor<2x3x8x4xf32>
  %te = tensor.empty() : tensor<3x2x8x4xf32>
  // expected-error@+1 {{'linalg.transpose' op permutes a matmul's result: gemm-opt computes a transposed result (the last two dimensions swapped, also through elementwise ops with broadcast operands) as the matmul of B and A, and attention's output transpose(1, 2) ([b, h, q, d] of a batch matmul's result to [b, q, h, d]) as a C whose rows are h * d elements apart, and compiles no copy on its own; this permutation moves the batch otherwise, or the result has another use or a non-zero initial C}}
  %t = linalg.transpose ins(%o : tensor<2x3x8x4xf32>) outs(%te : tensor<3x2x8x4xf32>) permutation = [1, 0, 2, 3]
  return %t : tensor<3x2x8x4xf32>
}

// -----

// Attention's output transpose(1, 2) of a matmul that adds to its initial
// C: the kernel writes C of heads whole (beta = 0), so this one stays a
// copy, which is not compiled.
func.func @heads_transpose_accumulated(%p: tensor<6x8x16xf16>, %v: tensor<6x16x4xf16>, %c: tensor<6x8x4xf32>) -> tensor<2x8x3x4xf32> {
  %o3 = linalg.batch_matmul ins(%p, %v : tensor<6x8x16xf16>, tensor<6x16x4xf16>) outs(%c : tensor<6x8x4xf32>) -> tensor<6x8x4xf32>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 3, 8, 4] : tensor<6x8x4xf32> into tensor<2x3x8x4xf32>
  %te = tensor.empty() : tensor<2x8x3x4xf32>
  // expected-error@+1 {{this permutation moves the batch otherwise, or the result has another use or a non-zero initial C}}
  %t = linalg.transpose ins(%o : tensor<2x3x8x4xf32>) outs(%te : tensor<2x8x3x4xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<2x8x3x4xf32>
}

// -----

// A product with a vector (here before gemm-vector-products-as-matmuls,
// which the stage pipelines run first): its own error, none at the fill of
// its init.
func.func @matvec(%w: tensor<64x32xf16>, %x: tensor<32xf16>) -> tensor<64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  // expected-error@+1 {{'linalg.matvec' op is not compiled by gemm-opt: a matrix-vector product with static shapes becomes a matmul in gemm-vector-products-as-matmuls (every stage pipeline runs it first); write a dot product as a linalg.matmul of a 1 x K and a K x 1 matrix}}
  %r = linalg.matvec ins(%w, %x : tensor<64x32xf16>, tensor<32xf16>) outs(%c : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

func.func @extra_arith(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) -> f32 {
  %x = arith.constant 1.0 : f32
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  // expected-error@+1 {{'arith.addf' op is not supported by gemm-opt; expected linalg.matmul or linalg.batch_matmul (with an optional zero linalg.fill)}}
  %y = arith.addf %x, %x : f32
  return %y : f32
}

// -----

// Scalar arguments are an error of their own.

// expected-error@+1 {{argument of type 'f32' is not supported; expected ranked memrefs or tensors}}
func.func @scalar_argument(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>, %x: f32) {
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

func.func @i32(%A: memref<8x4xi32>, %B: memref<4x8xi32>, %C: memref<8x8xi32>) {
  // expected-error@+1 {{'linalg.matmul' op element type i32 is not supported; expected f32, f16 or bf16}}
  linalg.matmul ins(%A, %B : memref<8x4xi32>, memref<4x8xi32>) outs(%C : memref<8x8xi32>)
  return
}

// -----

func.func @f64(%A: tensor<8x4xf64>, %B: tensor<4x8xf64>, %C: tensor<8x8xf64>) -> tensor<8x8xf64> {
  // expected-error@+1 {{'linalg.matmul' op element type f64 is not supported; expected f32, f16 or bf16}}
  %r = linalg.matmul ins(%A, %B : tensor<8x4xf64>, tensor<4x8xf64>) outs(%C : tensor<8x8xf64>) -> tensor<8x8xf64>
  return %r : tensor<8x8xf64>
}

// -----

// f32 inputs into an f64 result: the result type is checked too.

func.func @f32_into_f64(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf64>) {
  // expected-error@+1 {{'linalg.matmul' op element type f64 is not supported; expected f32, f16 or bf16}}
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf64>)
  return
}

// -----

func.func @mixed_inputs(%A: memref<8x4xf16>, %B: memref<4x8xbf16>, %C: memref<8x8xf32>) {
  // expected-error@+1 {{'linalg.matmul' op A and B must have the same element type, got f16 and bf16}}
  linalg.matmul ins(%A, %B : memref<8x4xf16>, memref<4x8xbf16>) outs(%C : memref<8x8xf32>)
  return
}

// -----

func.func @f32_into_f16(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf16>) {
  // expected-error@+1 {{'linalg.matmul' op f32 inputs need an f32 result, got f16}}
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf16>)
  return
}

// -----

// (Written in generic form: the region builder of linalg.matmul cannot
// cast f16 to bf16.)
func.func @f16_into_bf16(%A: memref<8x4xf16>, %B: memref<4x8xf16>, %C: memref<8x8xbf16>) {
  // expected-error@+1 {{'linalg.matmul' op f16 inputs accumulate into f32 or f16, got bf16}}
  "linalg.matmul"(%A, %B, %C) <{operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%a: f16, %b: f16, %c: bf16):
    %m = arith.mulf %a, %b : f16
    %me = arith.extf %m : f16 to f32
    %ce = arith.extf %c : bf16 to f32
    %s = arith.addf %ce, %me : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  }) : (memref<8x4xf16>, memref<4x8xf16>, memref<8x8xbf16>) -> ()
  return
}

// -----

func.func @dynamic_memref(%A: memref<?x4xf32>, %B: memref<4x8xf32>, %C: memref<?x8xf32>) {
  // expected-error@+1 {{'linalg.matmul' op has a dynamic shape 'memref<?x4xf32>'; gemm-opt needs static shapes}}
  linalg.matmul ins(%A, %B : memref<?x4xf32>, memref<4x8xf32>) outs(%C : memref<?x8xf32>)
  return
}

// -----

func.func @dynamic_tensor(%A: tensor<8x4xf32>, %B: tensor<4x?xf32>, %C: tensor<8x?xf32>) -> tensor<8x?xf32> {
  // expected-error@+1 {{'linalg.matmul' op has a dynamic shape 'tensor<4x?xf32>'; gemm-opt needs static shapes}}
  %r = linalg.matmul ins(%A, %B : tensor<8x4xf32>, tensor<4x?xf32>) outs(%C : tensor<8x?xf32>) -> tensor<8x?xf32>
  return %r : tensor<8x?xf32>
}

// -----

func.func @zero_size(%A: memref<8x0xf32>, %B: memref<0x8xf32>, %C: memref<8x8xf32>) {
  // expected-error@+1 {{'linalg.matmul' op has an empty operand 'memref<8x0xf32>'; every dimension must be at least 1}}
  linalg.matmul ins(%A, %B : memref<8x0xf32>, memref<0x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

func.func @nonzero_fill(%A: tensor<8x4xf32>, %B: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-error@+1 {{'linalg.fill' op is only supported as the zero initialisation of a linalg.matmul result (fill value must be 0.0)}}
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = linalg.matmul ins(%A, %B : tensor<8x4xf32>, tensor<4x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

func.func @nonzero_fill_memref(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  %half = arith.constant 0.5 : f32
  // expected-error@+1 {{'linalg.fill' op is only supported as the zero initialisation of a linalg.matmul result (fill value must be 0.0)}}
  linalg.fill ins(%half : f32) outs(%C : memref<8x8xf32>)
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

// A zero fill of an input, not of the matmul's result.

func.func @fill_of_input(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error@+1 {{'linalg.fill' op is only supported as the zero initialisation of a linalg.matmul result}}
  linalg.fill ins(%zero : f32) outs(%A : memref<8x4xf32>)
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

// A zero fill (tensor form) whose result goes nowhere near a matmul.

func.func @fill_feeds_nothing(%A: tensor<8x4xf32>, %B: tensor<4x8xf32>, %C: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-error@+1 {{'linalg.fill' op is only supported as the zero initialisation of a linalg.matmul result}}
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = linalg.matmul ins(%A, %B : tensor<8x4xf32>, tensor<4x8xf32>) outs(%C : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r, %f : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// Each public function is an entry of the launch manifest; a private one
// is no entry a runner could call.

module {
  func.func @first(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
    linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
    return
  }
  func.func private @second(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
    // expected-error@+1 {{'linalg.matmul' op is in private function @second: only public functions become entries of the launch manifest (a runner calls them by name)}}
    linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
    return
  }
}

// -----

// In a function of several ops, each is outlined into a function of its
// buffers, which must be whole arguments or allocations, its output none
// of its inputs.
func.func @two_ops_to_buffer(%A: tensor<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>, %D: memref<8x8xf32>) {
  %a = bufferization.to_buffer %A : tensor<8x8xf32> to memref<8x8xf32>
  // expected-error@+1 {{'linalg.matmul' op operand #0 is not a whole function argument or allocation, or a reshape of one; a runner binds each op's buffers}}
  linalg.matmul ins(%a, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  linalg.matmul ins(%C, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%D : memref<8x8xf32>)
  return
}

// -----

func.func @matmul_then_softmax_in_place(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %s = linalg.matmul ins(%A, %B : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  // expected-error@+1 {{'linalg.softmax' op writes its output into one of its inputs; an op's output must be a buffer of its own}}
  %p = linalg.softmax dimension(1) ins(%s : tensor<8x8xf32>) outs(%s : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %p : tensor<8x8xf32>
}

// -----

// expected-error@+1 {{nothing to compile: expected a func.func holding a linalg.matmul}}
module {
  func.func @empty(%A: memref<8x8xf32>) {
    return
  }
}

// -----

// A declaration has no body, so it is nothing to compile either.

// expected-error@+1 {{nothing to compile: expected a func.func holding a linalg.matmul}}
module {
  func.func private @declared(memref<8x8xf32>)
}

// -----

// A broadcast operand (B as a vector over k): not a layout gemm-opt takes.
#a = affine_map<(m, n, k) -> (m, k)>
#broadcastB = affine_map<(m, n, k) -> (k)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @broadcast(%A: memref<8x4xf32>, %B: memref<4xf32>, %C: memref<8x8xf32>) {
  // expected-error@+1 {{'linalg.matmul' op with indexing maps [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] is not supported; gemm-opt takes A as (m, k) or (k, m), B as (k, n) or (n, k) and C as (m, n) over (m, n, k) (no broadcast operands)}}
  linalg.matmul indexing_maps = [#a, #broadcastB, #c]
      ins(%A, %B : memref<8x4xf32>, memref<4xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

// A matmul-shaped linalg.generic whose body is not C += A * B.
func.func @generic_not_multiply_add(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  // expected-error@+1 {{'linalg.generic' op is not a matmul gemm-opt can compile: its body is not C += A * B (with optional arith.extf of the inputs)}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.subf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Two batch dimensions (heads and sequences not folded into one).
func.func @two_batches(%A: memref<2x3x8x4xf32>, %B: memref<2x3x4x8xf32>, %C: memref<2x3x8x8xf32>) {
  // expected-error@+1 {{'linalg.contract' op is not a matmul gemm-opt can compile: its operands are neither all 2-D nor a batched A and C (3-D, batch first) with a 3-D or 2-D B}}
  linalg.contract indexing_maps = [affine_map<(h, b, m, n, k) -> (h, b, m, k)>, affine_map<(h, b, m, n, k) -> (h, b, k, n)>, affine_map<(h, b, m, n, k) -> (h, b, m, n)>]
      ins(%A, %B : memref<2x3x8x4xf32>, memref<2x3x4x8xf32>) outs(%C : memref<2x3x8x8xf32>)
  return
}

// -----

// One A for every entry of a batched B: not a batch_matmul.
func.func @shared_a(%A: memref<8x4xf32>, %B: memref<2x4x8xf32>, %C: memref<2x8x8xf32>) {
  // expected-error@+1 {{'linalg.contract' op is not a matmul gemm-opt can compile: its operands are neither all 2-D nor a batched A and C (3-D, batch first) with a 3-D or 2-D B}}
  linalg.contract indexing_maps = [affine_map<(b, m, n, k) -> (m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<8x4xf32>, memref<2x4x8xf32>) outs(%C : memref<2x8x8xf32>)
  return
}

// -----

// B shared and stored N x K is computed as one matmul of the batch's rows,
// which needs A stored M x K per entry...
func.func @shared_b_nk_a_transposed(%A: memref<2x4x8xf32>, %B: memref<8x4xf32>, %C: memref<2x8x8xf32>) {
  // expected-error@+1 {{'linalg.contract' op is not a matmul gemm-opt can compile: B is shared by every batch entry and stored N x K, which gemm-opt computes as one matmul of the batch's rows (A and C collapsed to (batch * m) rows); A is stored K x M per entry}}
  linalg.contract indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<2x4x8xf32>, memref<8x4xf32>) outs(%C : memref<2x8x8xf32>)
  return
}

// -----

// ... and a static batch and m.
func.func @shared_b_nk_dynamic_batch(%A: tensor<?x8x4xf32>, %B: tensor<8x4xf32>, %C: tensor<?x8x8xf32>) -> tensor<?x8x8xf32> {
  // expected-error@+1 {{'linalg.contract' op is not a matmul gemm-opt can compile: B is shared by every batch entry and stored N x K, which gemm-opt computes as one matmul of the batch's rows (A and C collapsed to (batch * m) rows); the batch or m is dynamic}}
  %r = linalg.contract indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : tensor<?x8x4xf32>, tensor<8x4xf32>) outs(%C : tensor<?x8x8xf32>) -> tensor<?x8x8xf32>
  return %r : tensor<?x8x8xf32>
}

// -----

// A batched contraction whose B reads the batch after k.
func.func @batch_inside_b(%A: memref<2x8x4xf32>, %B: memref<4x2x8xf32>, %C: memref<2x8x8xf32>) {
  // expected-error@+1 {{'linalg.contract' op is not a matmul gemm-opt can compile: an operand is not indexed by the batch, then two loop dimensions (B may leave out the batch)}}
  linalg.contract indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, b, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<2x8x4xf32>, memref<4x2x8xf32>) outs(%C : memref<2x8x8xf32>)
  return
}

// -----

// A batched contraction whose C reads the batch after m.
func.func @batch_not_first(%A: memref<2x8x4xf32>, %B: memref<2x4x8xf32>, %C: memref<8x2x8xf32>) {
  // expected-error@+1 {{'linalg.contract' op is not a matmul gemm-opt can compile: its loops are not one each of m, n (parallel) and k (reduction), after at most one batch}}
  linalg.contract indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (m, b, n)>]
      ins(%A, %B : memref<2x8x4xf32>, memref<2x4x8xf32>) outs(%C : memref<8x2x8xf32>)
  return
}

// -----

func.func @strided_layout(%A: memref<8x4xf32, strided<[8, 1]>>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  // expected-error@+1 {{'linalg.matmul' op needs row-major identity layouts, got 'memref<8x4xf32, strided<[8, 1]>>'}}
  linalg.matmul ins(%A, %B : memref<8x4xf32, strided<[8, 1]>>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

func.func @memory_space(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32, 3>) {
  // expected-error@+1 {{'linalg.matmul' op needs operands in the default memory space, got 'memref<8x8xf32, 3>'}}
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32, 3>)
  return
}

// -----

// Only func.func at the top level of the module.

// expected-error@+1 {{gemm-opt expects a module of func.func operations}}
memref.global "private" @table : memref<8x8xf32> = dense<0.0>

func.func @matmul(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

// Control flow around the matmul is not supported; the error is at the loop
// and its body is not examined further.

func.func @in_a_loop(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-error@+1 {{'scf.for' op is not supported by gemm-opt; expected linalg.matmul or linalg.batch_matmul (with an optional zero linalg.fill)}}
  scf.for %i = %c0 to %c2 step %c1 {
    linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  }
  return
}

// -----

// A generic that computes a matmul, given to gemm-verify-input alone.
func.func @generic_matmul_unspecialized(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  // expected-error@+1 {{'linalg.generic' op computes a matmul: run gemm-specialize-contractions first (every stage pipeline does)}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A shared over the batch (its map drops the batch dimension): not yet (a
// shared B is taken).
func.func @batch_matmul_broadcast_a(%A: memref<8x4xf32>, %B: memref<2x4x8xf32>, %C: memref<2x8x8xf32>) {
  // expected-error@+1 {{shares a 2-D A over the batch; gemm-opt does not compile a shared A yet (a shared B, the weight of a 3-D activation, it does)}}
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<8x4xf32>, memref<2x4x8xf32>) outs(%C : memref<2x8x8xf32>)
  return
}

// -----

// At most 2^31 - 1 batch entries: cuBLAS's int count (past 65535 the
// kernels take their entry from grid x, gemm-linearize-launch-grids).
func.func @batch_matmul_too_many(%A: memref<2147483648x2x4xf16>, %B: memref<2147483648x4x2xf16>, %C: memref<2147483648x2x2xf32>) {
  // expected-error@+1 {{'linalg.batch_matmul' op has 2147483648 batch entries; at most 2147483647}}
  linalg.batch_matmul ins(%A, %B : memref<2147483648x2x4xf16>, memref<2147483648x4x2xf16>) outs(%C : memref<2147483648x2x2xf32>)
  return
}

// -----

func.func @batch_reduce_matmul(%A: memref<2x8x4xf32>, %B: memref<2x4x8xf32>, %C: memref<8x8xf32>) {
  // expected-error@+1 {{'linalg.batch_reduce_matmul' op sums over the batch; gemm-opt does not compile batch-reduce matmuls yet (linalg.batch_matmul, one matmul per batch entry, does compile)}}
  linalg.batch_reduce_matmul ins(%A, %B : memref<2x8x4xf32>, memref<2x4x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

func.func @batch_matmul_dynamic(%A: memref<?x8x4xf32>, %B: memref<?x4x8xf32>, %C: memref<?x8x8xf32>) {
  // expected-error@+1 {{'linalg.batch_matmul' op has a dynamic shape 'memref<?x8x4xf32>'; gemm-opt needs static shapes}}
  linalg.batch_matmul ins(%A, %B : memref<?x8x4xf32>, memref<?x4x8xf32>) outs(%C : memref<?x8x8xf32>)
  return
}

// -----

// A batch_matmul and a matmul share a function; a private function of
// kernel ops is no entry of the manifest.
func.func @batch_then_matmul(%A: memref<2x8x4xf32>, %B: memref<2x4x8xf32>, %C: memref<2x8x8xf32>,
                             %X: memref<8x4xf32>, %Y: memref<4x8xf32>, %Z: memref<8x8xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<2x8x4xf32>, memref<2x4x8xf32>) outs(%C : memref<2x8x8xf32>)
  linalg.matmul ins(%X, %Y : memref<8x4xf32>, memref<4x8xf32>) outs(%Z : memref<8x8xf32>)
  return
}
func.func private @helper(%X: memref<8x4xf32>, %Y: memref<4x8xf32>, %Z: memref<8x8xf32>) {
  // expected-error@+1 {{'linalg.matmul' op is in private function @helper}}
  linalg.matmul ins(%X, %Y : memref<8x4xf32>, memref<4x8xf32>) outs(%Z : memref<8x8xf32>)
  return
}

// -----

// The kernels read A and B while writing C, so C must be a buffer of its
// own (one buffer as A and B, x @ x.T, compiles: its op is outlined into a
// function taking it twice). gemm-verify-input rejects it at the matmul,
// not the manifest writer at the end.

func.func @c_is_a(%A: memref<16x16xf32>, %B: memref<16x16xf32>) {
  // expected-error@+1 {{writes its result into its operand A or B; C must be a buffer of its own}}
  linalg.matmul ins(%A, %B : memref<16x16xf32>, memref<16x16xf32>) outs(%A : memref<16x16xf32>)
  return
}

// -----

// gemm-naive folds a zero fill only when it is the last thing to touch C
// before the matmul; any other zero fill of C would stay on the host, where
// the runner never executes it (the manifest says beta = 1 and the fill is
// lost). So gemm-verify-input must reject such fills, like any fill that is
// not the initialisation of a matmul result.

// A zero fill of C after the matmul: C should end up all zeros.
func.func @fill_after_matmul(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  // expected-error@+1 {{'linalg.fill' op is only supported as the zero initialisation of a linalg.matmul result}}
  linalg.fill ins(%zero : f32) outs(%C : memref<8x8xf32>)
  return
}

// -----

// A zero fill of C separated from the matmul by another use of C.
func.func @fill_not_adjacent(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  // expected-error@+1 {{'linalg.fill' op is only supported as the zero initialisation of a linalg.matmul result}}
  linalg.fill ins(%zero : f32) outs(%C : memref<8x8xf32>)
  %t = bufferization.to_tensor %C : memref<8x8xf32> to tensor<8x8xf32>
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  return %t : tensor<8x8xf32>
}

// -----

// Tensor form: a zero fill whose result is used again besides initialising
// the matmul. Bufferization then fills a separate allocation and copies it
// into C; gemm-naive sees a memref.copy, not a fill, before the matmul, so
// nothing is folded, the manifest says beta = 1, and the host-side fill and
// copy are never run: the runner's C is accumulated into instead of zeros.
func.func @fill_result_reused(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-error@+1 {{'linalg.fill' op is only supported as the zero initialisation of a linalg.matmul result}}
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = linalg.matmul ins(%A, %B : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r, %f : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// The zero fill of an op that gets an error of its own gets none (its
// "only the zero initialisation of a linalg.matmul" came first and
// misled): a generic that subtracts the products...
func.func @fill_of_rejected_generic(%a: tensor<16x8xf16>, %b: tensor<8x12xf16>) -> tensor<16x12xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x12xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x12xf32>) -> tensor<16x12xf32>
  // expected-error@+1 {{'linalg.generic' op is not a matmul gemm-opt can compile: its body is not C += A * B (with optional arith.extf of the inputs)}}
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<16x8xf16>, tensor<8x12xf16>) outs(%f : tensor<16x12xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %x32 = arith.extf %x : f16 to f32
    %y32 = arith.extf %y : f16 to f32
    %p = arith.mulf %x32, %y32 : f32
    %s = arith.subf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x12xf32>
  return %r : tensor<16x12xf32>
}

// -----

// ... and an integer matmul with its integer zero fill (on buffers).
func.func @fill_of_integer_matmul(%a: memref<16x8xi8>, %b: memref<8x12xi8>, %c: memref<16x12xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%c : memref<16x12xi32>)
  // expected-error@+1 {{'linalg.matmul' op element type i8 is not supported; expected f32, f16 or bf16}}
  linalg.matmul ins(%a, %b : memref<16x8xi8>, memref<8x12xi8>) outs(%c : memref<16x12xi32>)
  return
}

// -----

// An argument no op uses: a version-1 manifest lists the buffers the
// kernels use, so binding by position would shift the ones after it (it
// was left out of the manifest's "arguments" silently).
// expected-error@+1 {{argument #0 is not used: the manifest of a function of one matmul or softmax lists the buffers its kernels use, so a runner binding the arguments by position would take the ones after it for others; remove it}}
func.func @unused_argument(%unused: memref<8x8xf32>, %A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

// An elementwise op that is no matmul's epilogue (Q scaled before Q K^T)
// is said to be that (was: "is not a matmul gemm-opt can compile: it does
// not have two inputs and one output").
#id = affine_map<(m, n) -> (m, n)>
func.func @scaled_operand(%Q: tensor<8x4xf32>, %K: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x4xf32>
  // expected-error@+1 {{'linalg.generic' op is an elementwise op that is no matmul's epilogue: gemm-opt fuses the elementwise ops that follow a matmul (its only consumer, reading its result) into its kernel and compiles none on its own (e.g. a scale of an operand before a matmul, or a cast around a softmax)}}
  %qs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%Q : tensor<8x4xf32>) outs(%e0 : tensor<8x4xf32>) {
  ^bb0(%q: f32, %o: f32):
    %s = arith.constant 0.5 : f32
    %r = arith.mulf %q, %s : f32
    linalg.yield %r : f32
  } -> tensor<8x4xf32>
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%qs, %K : tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %mm : tensor<8x8xf32>
}

