// RUN: gemm-opt %s --gemm-specialize-dynamic-dims | FileCheck %s

// Several ops batched over one dynamic count (attention: S = Q K^T with its
// scale, P = softmax(S), O = P V over a varying number of sequences x heads):
// one variant, planned at 4096 entries like a single batch_matmul, every op
// planned at them (the intermediates S and P too), and the variant takes the
// actual count as its one trailing argument, the symbol batch.

// CHECK-LABEL: func.func @attn_batchmax(
// CHECK-SAME:      %{{.*}}: tensor<4096x130x72xbf16>, %{{.*}}: tensor<4096x67x72xbf16>, %{{.*}}: tensor<4096x67x72xbf16>, %{{.*}}: index {gemm_opt.symbol = "batch"}) -> tensor<4096x130x72xbf16>
// CHECK-SAME:      gemm_opt.variant = {hi = 2147483647 : i64, lo = 1 : i64, of = "attn", planned = 4096 : i64, symbol = "batch"}
// CHECK-NOT:     tensor.dim
// CHECK:         linalg.batch_matmul {{.*}} ins(%{{.*}}, %{{.*}} : tensor<4096x130x72xbf16>, tensor<4096x67x72xbf16>) outs(%{{.*}} : tensor<4096x130x67xbf16>)
// CHECK:         linalg.mul ins(%{{.*}}, %{{.*}} : tensor<4096x130x67xbf16>, tensor<4096x130x67xbf16>) outs(%{{.*}} : tensor<4096x130x67xbf16>)
// CHECK:         linalg.softmax dimension(2) ins(%{{.*}} : tensor<4096x130x67xbf16>) outs(%{{.*}} : tensor<4096x130x67xbf16>)
// CHECK:         linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<4096x130x67xbf16>, tensor<4096x67x72xbf16>) outs(%{{.*}} : tensor<4096x130x72xbf16>)
// CHECK-NOT:   func.func @attn(
// CHECK-NOT:   func.func @attn_batch
func.func @attn(%q: tensor<?x130x72xbf16>, %k: tensor<?x67x72xbf16>, %v: tensor<?x67x72xbf16>) -> tensor<?x130x72xbf16> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : bf16
  %scale = arith.constant 0.125 : bf16
  %b = tensor.dim %q, %c0 : tensor<?x130x72xbf16>
  %se = tensor.empty(%b) : tensor<?x130x67xbf16>
  %sf = linalg.fill ins(%z : bf16) outs(%se : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %qk = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%q, %k : tensor<?x130x72xbf16>, tensor<?x67x72xbf16>) outs(%sf : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %ce = tensor.empty(%b) : tensor<?x130x67xbf16>
  %scales = linalg.fill ins(%scale : bf16) outs(%ce : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %so = tensor.empty(%b) : tensor<?x130x67xbf16>
  %s = linalg.mul ins(%qk, %scales : tensor<?x130x67xbf16>, tensor<?x130x67xbf16>) outs(%so : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %pe = tensor.empty(%b) : tensor<?x130x67xbf16>
  %p = linalg.softmax dimension(2) ins(%s : tensor<?x130x67xbf16>) outs(%pe : tensor<?x130x67xbf16>) -> tensor<?x130x67xbf16>
  %oe = tensor.empty(%b) : tensor<?x130x72xbf16>
  %of = linalg.fill ins(%z : bf16) outs(%oe : tensor<?x130x72xbf16>) -> tensor<?x130x72xbf16>
  %o = linalg.batch_matmul ins(%p, %v : tensor<?x130x67xbf16>, tensor<?x67x72xbf16>) outs(%of : tensor<?x130x72xbf16>) -> tensor<?x130x72xbf16>
  return %o : tensor<?x130x72xbf16>
}

// A static mask broadcast over the entries keeps its shape; a memref
// function alike.

// CHECK-LABEL: func.func @masked_batchmax(
// CHECK-SAME:      %{{.*}}: memref<4096x8x64xf16>, %{{.*}}: memref<4096x64x16xf16>, %{{.*}}: memref<8x16xf16>, %{{.*}}: memref<4096x8x16xf16>, %{{.*}}: memref<4096x8x16xf16>, %{{.*}}: index {gemm_opt.symbol = "batch"})
// CHECK:         linalg.batch_matmul ins(%{{.*}}, %{{.*}} : memref<4096x8x64xf16>, memref<4096x64x16xf16>) outs(%{{.*}} : memref<4096x8x16xf16>)
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : memref<4096x8x16xf16>, memref<8x16xf16>) outs(%{{.*}} : memref<4096x8x16xf16>)
// CHECK:         linalg.softmax dimension(2) ins(%{{.*}} : memref<4096x8x16xf16>) outs(%{{.*}} : memref<4096x8x16xf16>)
func.func @masked(%q: memref<?x8x64xf16>, %k: memref<?x64x16xf16>, %mask: memref<8x16xf16>, %s: memref<?x8x16xf16>, %p: memref<?x8x16xf16>) {
  linalg.batch_matmul ins(%q, %k : memref<?x8x64xf16>, memref<?x64x16xf16>) outs(%s : memref<?x8x16xf16>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (m, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s, %mask : memref<?x8x16xf16>, memref<8x16xf16>) outs(%s : memref<?x8x16xf16>) {
  ^bb0(%x: f16, %y: f16, %o: f16):
    %r = arith.addf %x, %y : f16
    linalg.yield %r : f16
  }
  linalg.softmax dimension(2) ins(%s : memref<?x8x16xf16>) outs(%p : memref<?x8x16xf16>)
  return
}
