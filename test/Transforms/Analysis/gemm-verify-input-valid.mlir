// RUN: gemm-opt %s -split-input-file --gemm-verify-input | FileCheck %s

// Inputs gemm-opt accepts. The pass only checks: every case must come out
// unchanged (and gemm-opt must succeed, or the RUN line fails).

// CHECK-LABEL: func.func @memref_form(
// CHECK-NEXT:    linalg.matmul ins(%{{.*}}, %{{.*}} : memref<64x32xf32>, memref<32x16xf32>) outs(%{{.*}} : memref<64x16xf32>)
// CHECK-NEXT:    return
func.func @memref_form(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @memref_zero_fill(
// CHECK:         linalg.fill
// CHECK-NEXT:    linalg.matmul
func.func @memref_zero_fill(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x16xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>) outs(%C : memref<64x16xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @tensor_form(
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<64x16xf32>
// CHECK-NEXT:    %[[F:.+]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<64x16xf32>) -> tensor<64x16xf32>
// CHECK-NEXT:    %[[R:.+]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xf32>, tensor<32x16xf32>) outs(%[[F]] : tensor<64x16xf32>) -> tensor<64x16xf32>
// CHECK-NEXT:    return %[[R]]
func.func @tensor_form(%A: tensor<64x32xf32>, %B: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x16xf32>) -> tensor<64x16xf32>
  %r = linalg.matmul ins(%A, %B : tensor<64x32xf32>, tensor<32x16xf32>) outs(%f : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %r : tensor<64x16xf32>
}

// -----

// A negative zero is a zero too.

// CHECK-LABEL: func.func @tensor_negative_zero_fill(
// CHECK:         linalg.fill
// CHECK:         linalg.matmul
func.func @tensor_negative_zero_fill(%A: tensor<4x4xf32>, %B: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%A, %B : tensor<4x4xf32>, tensor<4x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func @f16_to_f32(
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x8xf16>, tensor<8x16xf16>) outs(%{{.*}} : tensor<16x16xf32>)
func.func @f16_to_f32(%A: tensor<16x8xf16>, %B: tensor<8x16xf16>) -> tensor<16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = linalg.matmul ins(%A, %B : tensor<16x8xf16>, tensor<8x16xf16>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func @f16_to_f16(
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : memref<16x8xf16>, memref<8x16xf16>) outs(%{{.*}} : memref<16x16xf16>)
func.func @f16_to_f16(%A: memref<16x8xf16>, %B: memref<8x16xf16>, %C: memref<16x16xf16>) {
  linalg.matmul ins(%A, %B : memref<16x8xf16>, memref<8x16xf16>) outs(%C : memref<16x16xf16>)
  return
}

// -----

// CHECK-LABEL: func.func @bf16_to_bf16(
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x8xbf16>, tensor<8x16xbf16>) outs(%{{.*}} : tensor<16x16xbf16>)
func.func @bf16_to_bf16(%A: tensor<16x8xbf16>, %B: tensor<8x16xbf16>, %C: tensor<16x16xbf16>) -> tensor<16x16xbf16> {
  %r = linalg.matmul ins(%A, %B : tensor<16x8xbf16>, tensor<8x16xbf16>) outs(%C : tensor<16x16xbf16>) -> tensor<16x16xbf16>
  return %r : tensor<16x16xbf16>
}

// -----

// CHECK-LABEL: func.func @bf16_to_f32(
// CHECK:         linalg.matmul
func.func @bf16_to_f32(%A: memref<16x8xbf16>, %B: memref<8x16xbf16>, %C: memref<16x16xf32>) {
  linalg.matmul ins(%A, %B : memref<16x8xbf16>, memref<8x16xbf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// Allocations, deallocations and declarations are allowed around the matmul.

// CHECK-LABEL: func.func private @declared(
// CHECK-LABEL: func.func @alloc_dealloc(
// CHECK:         memref.alloc
// CHECK:         linalg.matmul
// CHECK:         memref.dealloc
func.func private @declared(memref<8x8xf32>)
func.func @alloc_dealloc(%A: memref<8x8xf32>, %B: memref<8x8xf32>) {
  %C = memref.alloc() : memref<8x8xf32>
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  memref.dealloc %C : memref<8x8xf32>
  return
}

// -----

// The 1x1x1 corner and a large, ragged problem.

// CHECK-LABEL: func.func @one(
// CHECK:         linalg.matmul
func.func @one(%A: memref<1x1xf32>, %B: memref<1x1xf32>, %C: memref<1x1xf32>) {
  linalg.matmul ins(%A, %B : memref<1x1xf32>, memref<1x1xf32>) outs(%C : memref<1x1xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @ragged(
// CHECK:         linalg.matmul
func.func @ragged(%A: tensor<1000x777xf32>, %B: tensor<777x999xf32>, %C: tensor<1000x999xf32>) -> tensor<1000x999xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<1000x777xf32>, tensor<777x999xf32>) outs(%C : tensor<1000x999xf32>) -> tensor<1000x999xf32>
  return %r : tensor<1000x999xf32>
}

// -----

// Operands stored transposed, through linalg.matmul's indexing maps: A as
// (k, m) and B as (n, k) (nn.Linear's weight).
// CHECK-LABEL: func.func @transposed_operands(
// CHECK-NEXT:    linalg.matmul indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}] ins(%{{.*}}, %{{.*}} : memref<32x64xbf16>, memref<16x32xbf16>) outs(%{{.*}} : memref<64x16xf32>)
func.func @transposed_operands(%A: memref<32x64xbf16>, %B: memref<16x32xbf16>, %C: memref<64x16xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<32x64xbf16>, memref<16x32xbf16>) outs(%C : memref<64x16xf32>)
  return
}

// -----

// Several kernel ops in one function (an attention block): each is
// outlined into a function of its own after bufferization.
// CHECK-LABEL: func.func @attention(
// CHECK:         linalg.matmul
// CHECK:         linalg.softmax
// CHECK:         linalg.matmul
func.func @attention(%Q: tensor<8x4xf16>, %K: tensor<6x4xf16>, %V: tensor<6x4xf16>) -> tensor<8x4xf16> {
  %zero = arith.constant 0.0 : f16
  %se = tensor.empty() : tensor<8x6xf16>
  %sz = linalg.fill ins(%zero : f16) outs(%se : tensor<8x6xf16>) -> tensor<8x6xf16>
  %S = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<8x4xf16>, tensor<6x4xf16>) outs(%sz : tensor<8x6xf16>) -> tensor<8x6xf16>
  %pe = tensor.empty() : tensor<8x6xf16>
  %P = linalg.softmax dimension(1) ins(%S : tensor<8x6xf16>) outs(%pe : tensor<8x6xf16>) -> tensor<8x6xf16>
  %oe = tensor.empty() : tensor<8x4xf16>
  %O = linalg.matmul ins(%P, %V : tensor<8x6xf16>, tensor<6x4xf16>) outs(%oe : tensor<8x4xf16>) -> tensor<8x4xf16>
  return %O : tensor<8x4xf16>
}

// -----

// One result returned twice, and a tensor argument returned as it is (a
// residual passed through): the version-2 manifest's "results" names the
// buffer each result is (test/Pipelines/aliased-results.test).
// CHECK-LABEL: func.func @returned_twice(
// CHECK:         return %[[C:.*]], %[[C]] :
func.func @returned_twice(%a: tensor<64x32xf16>, %b: tensor<32x48xf16>) -> (tensor<64x48xf16>, tensor<64x48xf16>) {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<64x48xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<64x48xf16>) -> tensor<64x48xf16>
  %c = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x48xf16>) outs(%f : tensor<64x48xf16>) -> tensor<64x48xf16>
  return %c, %c : tensor<64x48xf16>, tensor<64x48xf16>
}

// -----

// CHECK-LABEL: func.func @argument_returned(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<64x32xf16>
// CHECK:         return %{{.*}}, %[[A]] :
func.func @argument_returned(%a: tensor<64x32xf16>, %b: tensor<32x48xf16>) -> (tensor<64x48xf16>, tensor<64x32xf16>) {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<64x48xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<64x48xf16>) -> tensor<64x48xf16>
  %c = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x48xf16>) outs(%f : tensor<64x48xf16>) -> tensor<64x48xf16>
  return %c, %a : tensor<64x48xf16>, tensor<64x32xf16>
}

// -----

// Attention's output transpose(1, 2) of a zero-filled batch matmul's
// result, directly and through a fused epilogue (the cast to bf16): the
// first rung writes C in the transpose's layout (rows h * d apart).
// CHECK-LABEL: func.func @heads_transpose(
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<2x3x8x4xf32>) outs(%{{.*}} : tensor<2x8x3x4xf32>) permutation = [0, 2, 1, 3]
// CHECK-LABEL: func.func @heads_transpose_epilogue(
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<2x3x8x4xbf16>) outs(%{{.*}} : tensor<2x8x3x4xbf16>) permutation = [0, 2, 1, 3]
func.func @heads_transpose(%p: tensor<6x8x16xf16>, %v: tensor<6x16x4xf16>) -> tensor<2x8x3x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x8x4xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<6x8x4xf32>) -> tensor<6x8x4xf32>
  %o3 = linalg.batch_matmul ins(%p, %v : tensor<6x8x16xf16>, tensor<6x16x4xf16>) outs(%c : tensor<6x8x4xf32>) -> tensor<6x8x4xf32>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 3, 8, 4] : tensor<6x8x4xf32> into tensor<2x3x8x4xf32>
  %te = tensor.empty() : tensor<2x8x3x4xf32>
  %t = linalg.transpose ins(%o : tensor<2x3x8x4xf32>) outs(%te : tensor<2x8x3x4xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<2x8x3x4xf32>
}
func.func @heads_transpose_epilogue(%p: tensor<6x8x16xbf16>, %v: tensor<6x16x4xbf16>) -> tensor<2x8x3x4xbf16> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x8x4xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<6x8x4xf32>) -> tensor<6x8x4xf32>
  %o3 = linalg.batch_matmul ins(%p, %v : tensor<6x8x16xbf16>, tensor<6x16x4xbf16>) outs(%c : tensor<6x8x4xf32>) -> tensor<6x8x4xf32>
  %eb = tensor.empty() : tensor<6x8x4xbf16>
  %b = linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%o3 : tensor<6x8x4xf32>) outs(%eb : tensor<6x8x4xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %h = arith.truncf %x : f32 to bf16
    linalg.yield %h : bf16
  } -> tensor<6x8x4xbf16>
  %o = tensor.expand_shape %b [[0, 1], [2], [3]] output_shape [2, 3, 8, 4] : tensor<6x8x4xbf16> into tensor<2x3x8x4xbf16>
  %te = tensor.empty() : tensor<2x8x3x4xbf16>
  %t = linalg.transpose ins(%o : tensor<2x3x8x4xbf16>) outs(%te : tensor<2x8x3x4xbf16>) permutation = [0, 2, 1, 3]
  return %t : tensor<2x8x3x4xbf16>
}
