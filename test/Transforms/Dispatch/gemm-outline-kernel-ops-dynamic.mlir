// RUN: gemm-opt %s --gemm-outline-kernel-ops | FileCheck %s

// A variant of a function of several ops sharing a dynamic token count:
// every outlined op takes the variant's M argument last (its kernels read
// the actual rows from it) and says which variant it belongs to.

// CHECK-LABEL: func.func @chain_m8(
// CHECK-SAME:      %[[X:[^:]+]]: memref<8x64xf16>, %[[W1:[^:]+]]: memref<64x128xf16>, %[[W2:[^:]+]]: memref<128x32xf16>, %[[OUT:[^:]+]]: memref<8x32xf16>, %[[M:[^:]+]]: index {gemm_opt.symbol = "M"})
// CHECK:         %[[T:.*]] = memref.alloc() : memref<8x128xf16>
// CHECK:         call @chain_m8_op0(%[[X]], %[[W1]], %[[T]], %[[M]])
// CHECK:         %[[P:.*]] = memref.alloc() : memref<8x128xf16>
// CHECK:         call @chain_m8_op1(%[[T]], %[[P]], %[[M]])
// CHECK:         call @chain_m8_op2(%[[P]], %[[W2]], %[[OUT]], %[[M]])
// CHECK-LABEL: func.func private @chain_m8_op0(
// CHECK-SAME:      memref<8x64xf16>, %{{.*}}: memref<64x128xf16>, %{{.*}}: memref<8x128xf16>, %{{.*}}: index {gemm_opt.symbol = "M"})
// CHECK-SAME:      gemm_opt.outlined_op = "matmul", gemm_opt.variant = {hi = 8 : i64, lo = 4 : i64, of = "chain", planned = 8 : i64, symbol = "M"}
// CHECK-LABEL: func.func private @chain_m8_op1(
// CHECK-SAME:      %{{.*}}: index {gemm_opt.symbol = "M"})
// CHECK-SAME:      gemm_opt.outlined_op = "softmax", gemm_opt.variant = {hi = 8 : i64, lo = 4 : i64
// CHECK:         linalg.softmax
// CHECK-LABEL: func.func private @chain_m8_op2(
// CHECK-SAME:      %{{.*}}: index {gemm_opt.symbol = "M"})
// CHECK-SAME:      gemm_opt.outlined_op = "matmul", gemm_opt.variant = {hi = 8 : i64, lo = 4 : i64
func.func @chain_m8(%x: memref<8x64xf16>, %w1: memref<64x128xf16>, %w2: memref<128x32xf16>, %out: memref<8x32xf16>, %m: index {gemm_opt.symbol = "M"}) attributes {gemm_opt.variant = {hi = 8 : i64, lo = 4 : i64, of = "chain", planned = 8 : i64, symbol = "M"}} {
  %t = memref.alloc() : memref<8x128xf16>
  linalg.matmul ins(%x, %w1 : memref<8x64xf16>, memref<64x128xf16>) outs(%t : memref<8x128xf16>)
  %p = memref.alloc() : memref<8x128xf16>
  linalg.softmax dimension(1) ins(%t : memref<8x128xf16>) outs(%p : memref<8x128xf16>)
  linalg.matmul ins(%p, %w2 : memref<8x128xf16>, memref<128x32xf16>) outs(%out : memref<8x32xf16>)
  memref.dealloc %p : memref<8x128xf16>
  memref.dealloc %t : memref<8x128xf16>
  return
}

// A variant of ops sharing a dynamic batch count: every outlined op takes the
// variant's batch argument last (a batch_matmul's grid z, a softmax's rows
// the count times its 8 rows per entry, over the collapsed rows view).

// CHECK-LABEL: func.func @attn_batchmax(
// CHECK-SAME:      %[[B:[^:]+]]: index {gemm_opt.symbol = "batch"})
// CHECK:         call @attn_batchmax_op0(%{{.*}}, %{{.*}}, %{{.*}}, %[[B]])
// CHECK:         call @attn_batchmax_op1(%{{.*}}, %{{.*}}, %[[B]])
// CHECK:         call @attn_batchmax_op2(%{{.*}}, %{{.*}}, %{{.*}}, %[[B]])
// CHECK-LABEL: func.func private @attn_batchmax_op0(
// CHECK-SAME:      %{{.*}}: index {gemm_opt.symbol = "batch"})
// CHECK-SAME:      gemm_opt.outlined_op = "matmul", gemm_opt.variant = {hi = 2147483647 : i64, lo = 1 : i64, of = "attn", planned = 4 : i64, symbol = "batch"}
// CHECK-LABEL: func.func private @attn_batchmax_op1(
// CHECK-SAME:      %{{.*}}: memref<32x16xf16>, %{{.*}}: memref<32x16xf16>, %{{.*}}: index {gemm_opt.symbol = "batch"})
// CHECK-SAME:      gemm_opt.outlined_op = "softmax", gemm_opt.variant = {{{.*}}symbol = "batch"}
// CHECK:         linalg.softmax dimension(1) ins(%{{.*}} : memref<32x16xf16>) outs(%{{.*}} : memref<32x16xf16>)
// CHECK-LABEL: func.func private @attn_batchmax_op2(
// CHECK-SAME:      %{{.*}}: index {gemm_opt.symbol = "batch"})
func.func @attn_batchmax(%q: memref<4x8x64xf16>, %k: memref<4x64x16xf16>, %v: memref<4x16x64xf16>, %out: memref<4x8x64xf16>, %b: index {gemm_opt.symbol = "batch"}) attributes {gemm_opt.variant = {hi = 2147483647 : i64, lo = 1 : i64, of = "attn", planned = 4 : i64, symbol = "batch"}} {
  %s = memref.alloc() : memref<4x8x16xf16>
  linalg.batch_matmul ins(%q, %k : memref<4x8x64xf16>, memref<4x64x16xf16>) outs(%s : memref<4x8x16xf16>)
  %p = memref.alloc() : memref<4x8x16xf16>
  linalg.softmax dimension(2) ins(%s : memref<4x8x16xf16>) outs(%p : memref<4x8x16xf16>)
  linalg.batch_matmul ins(%p, %v : memref<4x8x16xf16>, memref<4x16x64xf16>) outs(%out : memref<4x8x64xf16>)
  memref.dealloc %p : memref<4x8x16xf16>
  memref.dealloc %s : memref<4x8x16xf16>
  return
}
