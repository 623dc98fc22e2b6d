// RUN: gemm-opt %s --gemm-specialize-dynamic-dims | FileCheck %s

// A dynamic M on tensors: one static variant per range of M, in range
// order, each planned for its range's largest M (the last for 4096) with
// the actual M as a trailing index argument. The dims, empties and casts
// fold away: every variant is an ordinary static function.

// CHECK-LABEL: func.func @matmul_m1(
// CHECK-SAME:      %{{.*}}: tensor<1x64xbf16>, %{{.*}}: tensor<64x96xbf16>, %{{.*}}: index {gemm_opt.symbol = "M"}) -> tensor<1x96xbf16>
// CHECK-SAME:      gemm_opt.variant = {hi = 1 : i64, lo = 1 : i64, of = "matmul", planned = {{[0-9]+}} : i64, symbol = "M"}
// CHECK-NOT:     tensor.dim
// CHECK-NOT:     tensor.cast
// CHECK:         tensor.empty() : tensor<1x96xbf16>
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1x64xbf16>, tensor<64x96xbf16>) outs(%{{.*}} : tensor<1x96xbf16>)
// CHECK-LABEL: func.func @matmul_m3(
// CHECK-SAME:      gemm_opt.variant = {hi = 3 : i64, lo = 2 : i64
// CHECK-LABEL: func.func @matmul_m8(
// CHECK-LABEL: func.func @matmul_m16(
// CHECK-LABEL: func.func @matmul_m32(
// CHECK-LABEL: func.func @matmul_m64(
// CHECK-LABEL: func.func @matmul_m128(
// CHECK-LABEL: func.func @matmul_m256(
// CHECK-LABEL: func.func @matmul_m512(
// CHECK-LABEL: func.func @matmul_m2048(
// CHECK-SAME:      gemm_opt.variant = {hi = 2048 : i64, lo = 513 : i64
// CHECK-LABEL: func.func @matmul_mmax(
// CHECK-SAME:      %{{.*}}: tensor<4096x64xbf16>, %{{.*}}: tensor<64x96xbf16>, %{{.*}}: index {gemm_opt.symbol = "M"}) -> tensor<4096x96xbf16>
// CHECK-SAME:      gemm_opt.variant = {hi = 2147483647 : i64, lo = 2049 : i64, of = "matmul", planned = {{[0-9]+}} : i64, symbol = "M"}
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4096x64xbf16>, tensor<64x96xbf16>) outs(%{{.*}} : tensor<4096x96xbf16>)
// CHECK-NOT:   func.func @matmul(
func.func @matmul(%a: tensor<?x64xbf16>, %b: tensor<64x96xbf16>) -> tensor<?x96xbf16> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x64xbf16>
  %e = tensor.empty(%m) : tensor<?x96xbf16>
  %z = arith.constant 0.0 : bf16
  %f = linalg.fill ins(%z : bf16) outs(%e : tensor<?x96xbf16>) -> tensor<?x96xbf16>
  %r = linalg.matmul ins(%a, %b : tensor<?x64xbf16>, tensor<64x96xbf16>) outs(%f : tensor<?x96xbf16>) -> tensor<?x96xbf16>
  return %r : tensor<?x96xbf16>
}

// A static function is left as it is.
// CHECK-LABEL: func.func @static(
// CHECK-SAME:      %{{.*}}: memref<8x64xf16>, %{{.*}}: memref<64x96xf16>, %{{.*}}: memref<8x96xf16>) {
// CHECK-NOT:     gemm_opt.variant
func.func @static(%a: memref<8x64xf16>, %b: memref<64x96xf16>, %c: memref<8x96xf16>) {
  linalg.matmul ins(%a, %b : memref<8x64xf16>, memref<64x96xf16>) outs(%c : memref<8x96xf16>)
  return
}
