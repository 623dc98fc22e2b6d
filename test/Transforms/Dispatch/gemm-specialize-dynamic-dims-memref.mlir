// RUN: gemm-opt %s --gemm-specialize-dynamic-dims | FileCheck %s

// On memrefs with a row bias (a fused consumer's operand indexed by M):
// the casts fold into the ops, which take the static arguments.

// CHECK-LABEL: func.func @linear_m16(
// CHECK-SAME:      %[[A:.*]]: memref<16x64xf16>, %[[B:.*]]: memref<96x64xf16>, %[[C:.*]]: memref<16x96xf16>, %[[S:.*]]: memref<16xf32>, %{{.*}}: index {gemm_opt.symbol = "M"})
// CHECK-NOT:     memref.cast
// CHECK:         linalg.matmul {{.*}} ins(%[[A]], %[[B]] : memref<16x64xf16>, memref<96x64xf16>) outs(%[[T:.*]] : memref<16x96xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[T]], %[[S]] : memref<16x96xf32>, memref<16xf32>) outs(%[[C]] : memref<16x96xf16>)
#mn = affine_map<(d0, d1) -> (d0, d1)>
#m = affine_map<(d0, d1) -> (d0)>
func.func @linear(%a: memref<?x64xf16>, %b: memref<96x64xf16>, %c: memref<?x96xf16>, %s: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %rows = memref.dim %a, %c0 : memref<?x64xf16>
  %t = memref.alloc(%rows) : memref<?x96xf32>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%t : memref<?x96xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : memref<?x64xf16>, memref<96x64xf16>) outs(%t : memref<?x96xf32>)
  linalg.generic {indexing_maps = [#mn, #m, #mn], iterator_types = ["parallel", "parallel"]}
      ins(%t, %s : memref<?x96xf32>, memref<?xf32>) outs(%c : memref<?x96xf16>) {
  ^bb0(%x: f32, %y: f32, %o: f16):
    %p = arith.mulf %x, %y : f32
    %q = arith.truncf %p : f32 to f16
    linalg.yield %q : f16
  }
  memref.dealloc %t : memref<?x96xf32>
  return
}
