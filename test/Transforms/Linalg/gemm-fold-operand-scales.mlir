// RUN: gemm-opt %s --gemm-fold-operand-scales --split-input-file | FileCheck %s

// Attention's Q scaled before Q K^T (a divide by a constant in the body):
// the batch_matmul reads Q as it is and its result is multiplied by 1/8.
// CHECK-LABEL: func.func @scaled_q
// CHECK-SAME: (%[[Q:.+]]: tensor<3x16x8xbf16>, %[[K:.+]]: tensor<3x8x16xbf16>)
// CHECK-NOT: arith.divf
// CHECK: %[[MM:.+]] = linalg.batch_matmul ins(%[[Q]], %[[K]] :
// CHECK: %[[S:.+]] = linalg.generic {{.*}} ins(%[[MM]] : tensor<3x16x16xf32>)
// CHECK: arith.constant 1.250000e-01 : f32
// CHECK: arith.mulf
// CHECK: return %[[S]]
#id = affine_map<(b, m, k) -> (b, m, k)>
func.func @scaled_q(%q: tensor<3x16x8xbf16>, %k: tensor<3x8x16xbf16>) -> tensor<3x16x16xf32> {
  %e0 = tensor.empty() : tensor<3x16x8xbf16>
  %qs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%q : tensor<3x16x8xbf16>) outs(%e0 : tensor<3x16x8xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %s = arith.constant 8.0 : bf16
    %r = arith.divf %x, %s : bf16
    linalg.yield %r : bf16
  } -> tensor<3x16x8xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x16x16xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<3x16x16xf32>) -> tensor<3x16x16xf32>
  %mm = linalg.batch_matmul ins(%qs, %k : tensor<3x16x8xbf16>, tensor<3x8x16xbf16>) outs(%c : tensor<3x16x16xf32>) -> tensor<3x16x16xf32>
  return %mm : tensor<3x16x16xf32>
}

// -----

// B scaled by a constant defined outside the body, c * x: the matmul's
// result times 0.5, before the consumer that read it.
// CHECK-LABEL: func.func @scaled_b
// CHECK: %[[MM:.+]] = linalg.matmul ins(%{{.+}}, %arg1 :
// CHECK: %[[S:.+]] = linalg.generic {{.*}} ins(%[[MM]] : tensor<16x16xf32>)
// CHECK: arith.constant 5.000000e-01 : f32
// CHECK: linalg.generic {{.*}} ins(%[[S]] : tensor<16x16xf32>)
#id = affine_map<(m, n) -> (m, n)>
func.func @scaled_b(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>) -> tensor<16x16xf32> {
  %half = arith.constant 0.5 : f32
  %e0 = tensor.empty() : tensor<8x16xf32>
  %bs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<8x16xf32>) outs(%e0 : tensor<8x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.mulf %half, %x : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %mm = linalg.matmul ins(%a, %bs : tensor<16x8xf32>, tensor<8x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  %o = tensor.empty() : tensor<16x16xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<16x16xf32>) outs(%o : tensor<16x16xf32>) {
  ^bb0(%x: f32, %out: f32):
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %x, %z : f32
    linalg.yield %r : f32
  } -> tensor<16x16xf32>
  return %relu : tensor<16x16xf32>
}

// -----

// Left alone: the scaled operand has another use, the factor is not a
// constant, or the constant divides (c / x is no scale).
// CHECK-LABEL: func.func @not_folded
// CHECK: %[[TWICE:.+]] = linalg.generic
// CHECK: %[[BYARG:.+]] = linalg.generic
// CHECK: %[[RECIP:.+]] = linalg.generic
// CHECK: linalg.matmul ins(%[[TWICE]],
// CHECK: linalg.matmul ins(%[[BYARG]],
// CHECK: linalg.matmul ins(%[[RECIP]],
// CHECK-NOT: linalg.generic
#id = affine_map<(m, n) -> (m, n)>
func.func @not_folded(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>, %s: tensor<16x8xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x8xf32>) {
  %two = arith.constant 2.0 : f32
  %e0 = tensor.empty() : tensor<16x8xf32>
  %twice = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<16x8xf32>) outs(%e0 : tensor<16x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.mulf %x, %two : f32
    linalg.yield %r : f32
  } -> tensor<16x8xf32>
  %byarg = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %s : tensor<16x8xf32>, tensor<16x8xf32>) outs(%e0 : tensor<16x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.mulf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<16x8xf32>
  %recip = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<16x8xf32>) outs(%e0 : tensor<16x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.divf %two, %x : f32
    linalg.yield %r : f32
  } -> tensor<16x8xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %m1 = linalg.matmul ins(%twice, %b : tensor<16x8xf32>, tensor<8x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  %m2 = linalg.matmul ins(%byarg, %b : tensor<16x8xf32>, tensor<8x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  %m3 = linalg.matmul ins(%recip, %b : tensor<16x8xf32>, tensor<8x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %m1, %m2, %m3, %twice : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x8xf32>
}
