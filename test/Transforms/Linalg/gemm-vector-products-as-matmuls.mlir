// RUN: gemm-opt %s --gemm-vector-products-as-matmuls --split-input-file | FileCheck %s

// torch.mv (y = W x) as torch-mlir writes it: one row of x^T * W^T, W
// read as N x K (nn.Linear's layout), x and y reshaped to one row; the
// zero fill moves onto the row of y.
// CHECK-DAG: #[[MK:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[NK:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MN:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matvec
// CHECK-SAME: (%[[W:.+]]: tensor<64x32xf16>, %[[X:.+]]: tensor<32xf16>)
// CHECK: %[[EMPTY:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [1, 64] : tensor<64xf32> into tensor<1x64xf32>
// CHECK: %[[FILL:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[EMPTY]] : tensor<1x64xf32>)
// CHECK: %[[XROW:.+]] = tensor.expand_shape %[[X]] {{\[}}[0, 1]] output_shape [1, 32] : tensor<32xf16> into tensor<1x32xf16>
// CHECK: %[[ROW:.+]] = linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]] ins(%[[XROW]], %[[W]] : tensor<1x32xf16>, tensor<64x32xf16>) outs(%[[FILL]] : tensor<1x64xf32>)
// CHECK: %[[Y:.+]] = tensor.collapse_shape %[[ROW]] {{\[}}[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
// CHECK-NOT: linalg.matvec
// CHECK: return %[[Y]]
func.func @matvec(%w: tensor<64x32xf16>, %x: tensor<32xf16>) -> tensor<64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.matvec ins(%w, %x : tensor<64x32xf16>, tensor<32xf16>) outs(%c : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// y = x A (linalg.vecmat): one row of x * A, A read as stored (the
// default maps).
// CHECK-LABEL: func.func @vecmat
// CHECK: %[[ROW:.+]] = linalg.matmul ins(%{{.+}}, %arg1 : tensor<1x32xbf16>, tensor<32x48xbf16>) outs(%{{.+}} : tensor<1x48xf32>)
// CHECK: tensor.collapse_shape %[[ROW]] {{\[}}[0, 1]] : tensor<1x48xf32> into tensor<48xf32>
func.func @vecmat(%x: tensor<32xbf16>, %a: tensor<32x48xbf16>) -> tensor<48xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<48xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<48xf32>) -> tensor<48xf32>
  %r = linalg.vecmat ins(%x, %a : tensor<32xbf16>, tensor<32x48xbf16>) outs(%c : tensor<48xf32>) -> tensor<48xf32>
  return %r : tensor<48xf32>
}

// -----

// Batched, on memrefs: the rows are views of the buffers, and the fill of
// y writes its view, with nothing but a view between it and the
// batch_matmul that folds it.
// CHECK-DAG: #[[BNK:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-LABEL: func.func @batch_matvec
// CHECK-SAME: (%[[A:.+]]: memref<3x64x32xf16>, %[[X:.+]]: memref<3x32xf16>, %[[Y:.+]]: memref<3x64xf16>)
// CHECK: %[[YROW:.+]] = memref.expand_shape %[[Y]] {{\[}}[0], [1, 2]] output_shape [3, 1, 64] : memref<3x64xf16> into memref<3x1x64xf16>
// CHECK: linalg.fill ins(%{{.+}} : f16) outs(%[[YROW]] : memref<3x1x64xf16>)
// CHECK-NEXT: %[[XROW:.+]] = memref.expand_shape %[[X]] {{\[}}[0], [1, 2]] output_shape [3, 1, 32] : memref<3x32xf16> into memref<3x1x32xf16>
// CHECK-NEXT: linalg.batch_matmul indexing_maps = [#{{.+}}, #[[BNK]], #{{.+}}] ins(%[[XROW]], %[[A]] : memref<3x1x32xf16>, memref<3x64x32xf16>) outs(%[[YROW]] : memref<3x1x64xf16>)
// CHECK-NOT: linalg.batch_matvec
func.func @batch_matvec(%a: memref<3x64x32xf16>, %x: memref<3x32xf16>, %y: memref<3x64xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%y : memref<3x64xf16>)
  linalg.batch_matvec ins(%a, %x : memref<3x64x32xf16>, memref<3x32xf16>) outs(%y : memref<3x64xf16>)
  return
}

// -----

// linalg.batch_vecmat accumulating into a given y (no fill): C += A * B.
// CHECK-LABEL: func.func @batch_vecmat
// CHECK: %[[ROW:.+]] = linalg.batch_matmul ins(%{{.+}}, %arg1 : tensor<2x1x16xf32>, tensor<2x16x24xf32>) outs(%{{.+}} : tensor<2x1x24xf32>)
// CHECK: tensor.collapse_shape %[[ROW]] {{\[}}[0], [1, 2]] : tensor<2x1x24xf32> into tensor<2x24xf32>
func.func @batch_vecmat(%x: tensor<2x16xf32>, %a: tensor<2x16x24xf32>, %y: tensor<2x24xf32>) -> tensor<2x24xf32> {
  %r = linalg.batch_vecmat ins(%x, %a : tensor<2x16xf32>, tensor<2x16x24xf32>) outs(%y : tensor<2x24xf32>) -> tensor<2x24xf32>
  return %r : tensor<2x24xf32>
}
