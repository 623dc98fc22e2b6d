// RUN: not gemm-opt %s --gemm-stage-naive -o /dev/null 2>&1 | FileCheck %s
// RUN: not gemm-opt %s --gemm-stage-softmax-3pass -o /dev/null 2>&1 | FileCheck %s --check-prefix=SOFTMAX

// Several ops sharing a dynamic token count: each op's kernels must take M
// at run time. The naive stage's matmul kernel compiles a static M only: an
// error at the op (once for the function, not once per variant), no
// manifest.

// CHECK:     error: a matmul with a dynamic M: the x-rows kernel of this variant compiles a static M only
// CHECK-NOT: error:

// The softmax-3pass stage's softmax kernels (its matmuls on the companion
// stage take M at run time) compile static rows only: an error at the
// softmax, whose rows are the tokens.
// SOFTMAX:     :[[@LINE+10]]:8: error: a softmax with a dynamic row or column count: the {{.*}} kernel of this variant compiles static sizes only; the online kernels (stages softmax-online, softmax-vector, softmax-rows) take them at run time
// SOFTMAX-NOT: error:
func.func @chain(%x: tensor<?x64xf32>, %w1: tensor<64x128xf32>, %w2: tensor<128x32xf32>) -> tensor<?x32xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x64xf32>
  %te = tensor.empty(%m) : tensor<?x128xf32>
  %tf = linalg.fill ins(%z : f32) outs(%te : tensor<?x128xf32>) -> tensor<?x128xf32>
  %t = linalg.matmul ins(%x, %w1 : tensor<?x64xf32>, tensor<64x128xf32>) outs(%tf : tensor<?x128xf32>) -> tensor<?x128xf32>
  %pe = tensor.empty(%m) : tensor<?x128xf32>
  %p = linalg.softmax dimension(1) ins(%t : tensor<?x128xf32>) outs(%pe : tensor<?x128xf32>) -> tensor<?x128xf32>
  %oe = tensor.empty(%m) : tensor<?x32xf32>
  %of = linalg.fill ins(%z : f32) outs(%oe : tensor<?x32xf32>) -> tensor<?x32xf32>
  %o = linalg.matmul ins(%p, %w2 : tensor<?x128xf32>, tensor<128x32xf32>) outs(%of : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %o : tensor<?x32xf32>
}
