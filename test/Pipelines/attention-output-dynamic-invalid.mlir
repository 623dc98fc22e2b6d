// RUN: not gemm-opt %s --gemm-stage-mma -o /dev/null 2>&1 | FileCheck %s

// Attention's output transpose(1, 2) of a matmul with a dynamic M (the
// queries): its C of heads needs static sizes, so each variant of the
// function keeps the copy, one error said once at it.
// CHECK: error: 'linalg.generic' op is attention's output transpose(1, 2) of a matmul with dynamic sizes, which gemm-opt does not compile yet (its C of heads needs static sizes)
// CHECK-NOT: error:
func.func @f(%p: tensor<6x?x16xf16>, %v: tensor<6x16x4xf16>) -> tensor<2x?x3x4xf32> {
  %z = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %m = tensor.dim %p, %c1 : tensor<6x?x16xf16>
  %e = tensor.empty(%m) : tensor<6x?x4xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<6x?x4xf32>) -> tensor<6x?x4xf32>
  %o3 = linalg.batch_matmul ins(%p, %v : tensor<6x?x16xf16>, tensor<6x16x4xf16>) outs(%c : tensor<6x?x4xf32>) -> tensor<6x?x4xf32>
  %o = tensor.expand_shape %o3 [[0, 1], [2], [3]] output_shape [2, 3, %m, 4] : tensor<6x?x4xf32> into tensor<2x3x?x4xf32>
  %te = tensor.empty(%m) : tensor<2x?x3x4xf32>
  %t = linalg.transpose ins(%o : tensor<2x3x?x4xf32>) outs(%te : tensor<2x?x3x4xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<2x?x3x4xf32>
}
