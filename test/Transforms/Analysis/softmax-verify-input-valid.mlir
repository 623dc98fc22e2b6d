// RUN: gemm-opt %s -split-input-file --gemm-verify-input | FileCheck %s

// linalg.softmax over the last dimension of a static 2-D memref or tensor,
// f32, f16 or bf16, is accepted as the module's one kernel op.

// CHECK-LABEL: func.func @memref_f32
// CHECK: linalg.softmax dimension(1)
func.func @memref_f32(%x: memref<3x5xf32>, %y: memref<3x5xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<3x5xf32>) outs(%y : memref<3x5xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @tensor_f16
// CHECK: linalg.softmax dimension(1)
func.func @tensor_f16(%x: tensor<1x1xf16>) -> tensor<1x1xf16> {
  %e = tensor.empty() : tensor<1x1xf16>
  %r = linalg.softmax dimension(1) ins(%x : tensor<1x1xf16>) outs(%e : tensor<1x1xf16>) -> tensor<1x1xf16>
  return %r : tensor<1x1xf16>
}

// -----

// CHECK-LABEL: func.func @memref_bf16
func.func @memref_bf16(%x: memref<7x1000xbf16>, %y: memref<7x1000xbf16>) {
  linalg.softmax dimension(1) ins(%x : memref<7x1000xbf16>) outs(%y : memref<7x1000xbf16>)
  return
}
