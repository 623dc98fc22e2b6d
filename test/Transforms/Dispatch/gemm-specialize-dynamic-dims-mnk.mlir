// RUN: gemm-opt %s -split-input-file --gemm-specialize-dynamic-dims | FileCheck %s

// A dynamic N or K: one variant over every M, every dynamic dimension
// planned at 4096, and a size argument per dynamic size in the order M, N,
// K (the kernel takes them all at run time).

// CHECK-LABEL: func.func @all_mmax(
// CHECK-SAME:      %[[A:.*]]: memref<4096x4096xf32>, %[[B:.*]]: memref<4096x4096xf32>, %[[C:.*]]: memref<4096x4096xf32>,
// CHECK-SAME:      %{{.*}}: index {gemm_opt.symbol = "M"}, %{{.*}}: index {gemm_opt.symbol = "N"}, %{{.*}}: index {gemm_opt.symbol = "K"})
// CHECK-SAME:      gemm_opt.variant = {hi = 2147483647 : i64, lo = 1 : i64, of = "all", planned = {{[0-9]+}} : i64, symbol = "M"}
// CHECK:         linalg.matmul ins(%[[A]], %[[B]] : memref<4096x4096xf32>, memref<4096x4096xf32>) outs(%[[C]] : memref<4096x4096xf32>)
// CHECK-NOT:   func.func
func.func @all(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// -----

// Only K (B stored N x K): the range is over K; M and N stay as written.
// CHECK-LABEL: func.func @k_only_kmax(
// CHECK-SAME:      memref<8x4096xf16>, %{{.*}}: memref<96x4096xf16>, %{{.*}}: memref<8x96xf16>, %{{.*}}: index {gemm_opt.symbol = "K"})
// CHECK-SAME:      gemm_opt.variant = {hi = 2147483647 : i64, lo = 1 : i64, of = "k_only", planned = {{[0-9]+}} : i64, symbol = "K"}
func.func @k_only(%a: memref<8x?xf16>, %b: memref<96x?xf16>, %c: memref<8x96xf16>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : memref<8x?xf16>, memref<96x?xf16>) outs(%c : memref<8x96xf16>)
  return
}

// -----

// On tensors, A stored K x M with M and N dynamic: the result's sizes come
// from tensor.dim, which folds to the planned sizes.
// CHECK-LABEL: func.func @tn_mmax(
// CHECK-SAME:      %{{.*}}: tensor<64x4096xbf16>, %{{.*}}: tensor<64x4096xbf16>, %{{.*}}: index {gemm_opt.symbol = "M"}, %{{.*}}: index {gemm_opt.symbol = "N"}) -> tensor<4096x4096xf32>
// CHECK-NOT:     tensor.dim
// CHECK:         tensor.empty() : tensor<4096x4096xf32>
func.func @tn(%a: tensor<64x?xbf16>, %b: tensor<64x?xbf16>) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c1 : tensor<64x?xbf16>
  %n = tensor.dim %b, %c1 : tensor<64x?xbf16>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : tensor<64x?xbf16>, tensor<64x?xbf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
