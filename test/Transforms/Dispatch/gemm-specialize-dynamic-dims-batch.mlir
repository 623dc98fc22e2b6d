// RUN: gemm-opt %s -split-input-file --gemm-specialize-dynamic-dims | FileCheck %s

// A linalg.batch_matmul has one variant, every dynamic dimension planned
// at 4096, with a size argument per dynamic size: the batch count first,
// then M, N, K.

// Only the batch count (attention's Q*K^T, B stored N x K): the entries
// keep their static shapes.
// CHECK-LABEL: func.func @qk_batchmax(
// CHECK-SAME:      %[[Q:.*]]: memref<4096x2048x128xbf16>, %[[K:.*]]: memref<4096x2048x128xbf16>, %[[S:.*]]: memref<4096x2048x2048xf32>,
// CHECK-SAME:      %{{.*}}: index {gemm_opt.symbol = "batch"})
// CHECK-SAME:      gemm_opt.variant = {hi = 2147483647 : i64, lo = 1 : i64, of = "qk", planned = {{[0-9]+}} : i64, symbol = "batch"}
// CHECK:         linalg.batch_matmul
// CHECK-SAME:      ins(%[[Q]], %[[K]] : memref<4096x2048x128xbf16>, memref<4096x2048x128xbf16>) outs(%[[S]] : memref<4096x2048x2048xf32>)
// CHECK-NOT:   func.func
func.func @qk(%q: memref<?x2048x128xbf16>, %k: memref<?x2048x128xbf16>, %s: memref<?x2048x2048xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]
      ins(%q, %k : memref<?x2048x128xbf16>, memref<?x2048x128xbf16>) outs(%s : memref<?x2048x2048xf32>)
  return
}

// -----

// A static batch with a dynamic M and one B for every entry: one variant
// (not one per range of M), M's argument alone.
// CHECK-LABEL: func.func @shared_mmax(
// CHECK-SAME:      memref<3x4096x64xf16>, %{{.*}}: memref<64x96xf16>, %{{.*}}: memref<3x4096x96xf32>, %{{.*}}: index {gemm_opt.symbol = "M"})
// CHECK-SAME:      gemm_opt.variant = {hi = 2147483647 : i64, lo = 1 : i64, of = "shared", planned = {{[0-9]+}} : i64, symbol = "M"}
// CHECK-NOT:   func.func
func.func @shared(%a: memref<3x?x64xf16>, %b: memref<64x96xf16>, %c: memref<3x?x96xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]
      ins(%a, %b : memref<3x?x64xf16>, memref<64x96xf16>) outs(%c : memref<3x?x96xf32>)
  return
}

// -----

// Everything dynamic, on tensors: the arguments in the order batch, M, N, K.
// CHECK-LABEL: func.func @all_batchmax(
// CHECK-SAME:      tensor<4096x4096x4096xf32>, %{{.*}}: tensor<4096x4096x4096xf32>,
// CHECK-SAME:      %{{.*}}: index {gemm_opt.symbol = "batch"}, %{{.*}}: index {gemm_opt.symbol = "M"}, %{{.*}}: index {gemm_opt.symbol = "N"}, %{{.*}}: index {gemm_opt.symbol = "K"}) -> tensor<4096x4096x4096xf32>
// CHECK-NOT:     tensor.dim
// CHECK:         tensor.empty() : tensor<4096x4096x4096xf32>
func.func @all(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %batch = tensor.dim %a, %c0 : tensor<?x?x?xf32>
  %m = tensor.dim %a, %c1 : tensor<?x?x?xf32>
  %n = tensor.dim %b, %c2 : tensor<?x?x?xf32>
  %e = tensor.empty(%batch, %m, %n) : tensor<?x?x?xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32>) outs(%f : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}
