// RUN: gemm-opt %s --gemm-specialize-dynamic-dims | FileCheck %s

// Several ops sharing a dynamic token count (their rows): one variant per
// range of M, as for one matmul; every op of a variant is planned at its M
// (the matmuls' A and C, the softmax's X and Y, the intermediate between
// them), and the variant takes the actual M as its one trailing argument.

// CHECK-LABEL: func.func @chain_m1(
// CHECK-SAME:      %{{.*}}: tensor<1x64xbf16>, %{{.*}}: tensor<64x128xbf16>, %{{.*}}: tensor<128x32xbf16>, %{{.*}}: index {gemm_opt.symbol = "M"}) -> tensor<1x32xbf16>
// CHECK-SAME:      gemm_opt.variant = {hi = 1 : i64, lo = 1 : i64, of = "chain", planned = 1 : i64, symbol = "M"}
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1x64xbf16>, tensor<64x128xbf16>) outs(%{{.*}} : tensor<1x128xbf16>)
// CHECK:         linalg.softmax dimension(1) ins(%{{.*}} : tensor<1x128xbf16>) outs(%{{.*}} : tensor<1x128xbf16>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1x128xbf16>, tensor<128x32xbf16>) outs(%{{.*}} : tensor<1x32xbf16>)
// CHECK-LABEL: func.func @chain_m3(
// CHECK-SAME:      gemm_opt.variant = {hi = 3 : i64, lo = 2 : i64
// CHECK-LABEL: func.func @chain_mmax(
// CHECK-SAME:      %{{.*}}: tensor<4096x64xbf16>, %{{.*}}: tensor<64x128xbf16>, %{{.*}}: tensor<128x32xbf16>, %{{.*}}: index {gemm_opt.symbol = "M"}) -> tensor<4096x32xbf16>
// CHECK-SAME:      gemm_opt.variant = {hi = 2147483647 : i64, lo = 2049 : i64, of = "chain", planned = 4096 : i64, symbol = "M"}
// CHECK-NOT:     tensor.dim
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4096x64xbf16>, tensor<64x128xbf16>) outs(%{{.*}} : tensor<4096x128xbf16>)
// CHECK:         linalg.softmax dimension(1) ins(%{{.*}} : tensor<4096x128xbf16>) outs(%{{.*}} : tensor<4096x128xbf16>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4096x128xbf16>, tensor<128x32xbf16>) outs(%{{.*}} : tensor<4096x32xbf16>)
// CHECK-NOT:   func.func @chain(
func.func @chain(%x: tensor<?x64xbf16>, %w1: tensor<64x128xbf16>, %w2: tensor<128x32xbf16>) -> tensor<?x32xbf16> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : bf16
  %m = tensor.dim %x, %c0 : tensor<?x64xbf16>
  %te = tensor.empty(%m) : tensor<?x128xbf16>
  %tf = linalg.fill ins(%z : bf16) outs(%te : tensor<?x128xbf16>) -> tensor<?x128xbf16>
  %t = linalg.matmul ins(%x, %w1 : tensor<?x64xbf16>, tensor<64x128xbf16>) outs(%tf : tensor<?x128xbf16>) -> tensor<?x128xbf16>
  %pe = tensor.empty(%m) : tensor<?x128xbf16>
  %p = linalg.softmax dimension(1) ins(%t : tensor<?x128xbf16>) outs(%pe : tensor<?x128xbf16>) -> tensor<?x128xbf16>
  %oe = tensor.empty(%m) : tensor<?x32xbf16>
  %of = linalg.fill ins(%z : bf16) outs(%oe : tensor<?x32xbf16>) -> tensor<?x32xbf16>
  %o = linalg.matmul ins(%p, %w2 : tensor<?x128xbf16>, tensor<128x32xbf16>) outs(%of : tensor<?x32xbf16>) -> tensor<?x32xbf16>
  return %o : tensor<?x32xbf16>
}
