// RUN: gemm-opt %s --gemm-specialize-contractions --split-input-file | FileCheck %s

// nn.Linear's x * W^T as torch-mlir writes it: a linalg.generic over
// (m, n, k) reading W as (n, k), the inputs extended to f32.
// CHECK-DAG: #[[MK:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[NK:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MN:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @generic_nt
// CHECK-NOT: linalg.generic
// CHECK: linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<64x32xbf16>, memref<48x32xbf16>) outs(%{{.*}} : memref<64x48xf32>)
func.func @generic_nt(%a: memref<64x32xbf16>, %b: memref<48x32xbf16>, %c: memref<64x48xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x32xbf16>, memref<48x32xbf16>) outs(%c : memref<64x48xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Loops in another order (k outermost), A read as (k, m), operands of
// mulf and addf swapped, on tensors: the maps are renumbered to (m, n, k).
// CHECK-DAG: #[[KM:.+]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[KN:.+]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[MN:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @generic_tn_loops_permuted
// CHECK: linalg.matmul indexing_maps = [#[[KM]], #[[KN]], #[[MN]]]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<32x64xf32>, tensor<32x48xf32>) outs(%{{.*}} : tensor<64x48xf32>) -> tensor<64x48xf32>
func.func @generic_tn_loops_permuted(%a: tensor<32x64xf32>, %b: tensor<32x48xf32>, %c: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(k, m, n) -> (k, m)>, affine_map<(k, m, n) -> (k, n)>, affine_map<(k, m, n) -> (m, n)>],
                       iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%a, %b : tensor<32x64xf32>, tensor<32x48xf32>) outs(%c : tensor<64x48xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %y, %x : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64x48xf32>
  return %r : tensor<64x48xf32>
}

// -----

// linalg.contract with both operands transposed.
// CHECK-DAG: #[[KM:.+]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[NK:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MN:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @contract_tt
// CHECK: linalg.matmul indexing_maps = [#[[KM]], #[[NK]], #[[MN]]]
// CHECK-NOT: linalg.contract
func.func @contract_tt(%a: memref<32x64xf16>, %b: memref<48x32xf16>, %c: memref<64x48xf16>) {
  linalg.contract indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : memref<32x64xf16>, memref<48x32xf16>) outs(%c : memref<64x48xf16>)
  return
}

// -----

// Not matmuls: left as they are (gemm-verify-input says why).
// CHECK-LABEL: func.func @scaled_product
// CHECK: linalg.generic
// CHECK-NOT: linalg.matmul
func.func @scaled_product(%a: memref<64x32xf32>, %b: memref<32x48xf32>, %c: memref<64x48xf32>) {
  %two = arith.constant 2.0 : f32
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x32xf32>, memref<32x48xf32>) outs(%c : memref<64x48xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %q = arith.mulf %p, %two : f32
    %s = arith.addf %acc, %q : f32
    linalg.yield %s : f32
  }
  return
}

// Now a batch_matmul (plain maps: the default ones).
// CHECK-LABEL: func.func @batched
// CHECK-NOT: linalg.generic
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : memref<2x64x32xf32>, memref<2x32x48xf32>) outs(%{{.*}} : memref<2x64x48xf32>)
func.func @batched(%a: memref<2x64x32xf32>, %b: memref<2x32x48xf32>, %c: memref<2x64x48xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x64x32xf32>, memref<2x32x48xf32>) outs(%c : memref<2x64x48xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// C indexed (n, m) is C^T = B^T A^T: the matmul of B (read K x N, the
// transposed A) and A (read M x K, the transposed B).
// CHECK-DAG: #[[KM_MAP:.+]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[NK_MAP:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @transposed_c
// CHECK-SAME: (%[[A:.+]]: memref<64x32xf32>, %[[B:.+]]: memref<32x48xf32>, %[[C:.+]]: memref<48x64xf32>)
// CHECK-NOT: linalg.generic
// CHECK: linalg.matmul indexing_maps = [#[[KM_MAP]], #[[NK_MAP]], #{{.+}}] ins(%[[B]], %[[A]] : memref<32x48xf32>, memref<64x32xf32>) outs(%[[C]] : memref<48x64xf32>)
func.func @transposed_c(%a: memref<64x32xf32>, %b: memref<32x48xf32>, %c: memref<48x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (n, m)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x32xf32>, memref<32x48xf32>) outs(%c : memref<48x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Attention's Q * K^T as a linalg.generic over (b, m, n, k), K read as
// (b, n, k), the inputs extended to f32: a linalg.batch_matmul with B's
// map transposed.
// CHECK-DAG: #[[BMK:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[BNK:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[BMN:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @generic_batched_nt
// CHECK-NOT: linalg.generic
// CHECK: linalg.batch_matmul indexing_maps = [#[[BMK]], #[[BNK]], #[[BMN]]]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<8x64x32xbf16>, tensor<8x48x32xbf16>) outs(%{{.*}} : tensor<8x64x48xf32>)
func.func @generic_batched_nt(%q: tensor<8x64x32xbf16>, %k: tensor<8x48x32xbf16>, %s: tensor<8x64x48xf32>) -> tensor<8x64x48xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<8x64x32xbf16>, tensor<8x48x32xbf16>) outs(%s : tensor<8x64x48xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %sum = arith.addf %acc, %p : f32
    linalg.yield %sum : f32
  } -> tensor<8x64x48xf32>
  return %r : tensor<8x64x48xf32>
}

// -----

// A linalg.contract with its loops in another order (k, b, n, m) and one B
// for every entry (a 3-D activation times a weight): renumbered to
// (b, m, n, k), B's map without the batch.
// CHECK-DAG: #[[BMK:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[KN:.+]] = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
// CHECK-DAG: #[[BMN:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @contract_shared_b
// CHECK-NOT: linalg.contract
// CHECK: linalg.batch_matmul indexing_maps = [#[[BMK]], #[[KN]], #[[BMN]]]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<3x64x32xf16>, memref<32x48xf16>) outs(%{{.*}} : memref<3x64x48xf32>)
func.func @contract_shared_b(%a: memref<3x64x32xf16>, %w: memref<32x48xf16>, %c: memref<3x64x48xf32>) {
  linalg.contract indexing_maps = [affine_map<(k, b, n, m) -> (b, m, k)>, affine_map<(k, b, n, m) -> (k, n)>, affine_map<(k, b, n, m) -> (b, m, n)>]
      ins(%a, %w : memref<3x64x32xf16>, memref<32x48xf16>) outs(%c : memref<3x64x48xf32>)
  return
}

// -----

// x W^T of a 3-D activation (einsum bsk,nk->bsn): B shared and stored
// N x K, which linalg.batch_matmul cannot express, so A's and C's rows are
// collapsed into one linalg.matmul of 3 * 64 rows; its zero fill moves to
// the collapsed C (still the matmul's initialisation), the result is
// expanded back.
// CHECK-DAG: #[[MK:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[NK:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MN:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @contract_shared_b_nk
// CHECK-SAME: (%[[A:.+]]: tensor<3x64x32xbf16>, %[[W:.+]]: tensor<48x32xbf16>)
// CHECK: %[[E:.+]] = tensor.empty() : tensor<3x64x48xf32>
// CHECK: %[[CE:.+]] = tensor.collapse_shape %[[E]] {{\[\[}}0, 1], [2]] : tensor<3x64x48xf32> into tensor<192x48xf32>
// CHECK: %[[F:.+]] = linalg.fill ins(%{{.*}} : f32) outs(%[[CE]] : tensor<192x48xf32>)
// CHECK: %[[CA:.+]] = tensor.collapse_shape %[[A]] {{\[\[}}0, 1], [2]] : tensor<3x64x32xbf16> into tensor<192x32xbf16>
// CHECK: %[[R:.+]] = linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]] ins(%[[CA]], %[[W]] : tensor<192x32xbf16>, tensor<48x32xbf16>) outs(%[[F]] : tensor<192x48xf32>)
// CHECK: %[[X:.+]] = tensor.expand_shape %[[R]] {{\[\[}}0, 1], [2]] output_shape [3, 64, 48] : tensor<192x48xf32> into tensor<3x64x48xf32>
// CHECK: return %[[X]]
// CHECK-NOT: linalg.contract
func.func @contract_shared_b_nk(%a: tensor<3x64x32xbf16>, %w: tensor<48x32xbf16>) -> tensor<3x64x48xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x64x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x64x48xf32>) -> tensor<3x64x48xf32>
  %r = linalg.contract indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%a, %w : tensor<3x64x32xbf16>, tensor<48x32xbf16>) outs(%f : tensor<3x64x48xf32>) -> tensor<3x64x48xf32>
  return %r : tensor<3x64x48xf32>
}

// -----

// The same as a generic on buffers: the fill before it fills the collapsed
// C.
// CHECK-LABEL: func.func @generic_shared_b_nk_memref
// CHECK-SAME: (%[[A:.+]]: memref<3x64x32xf16>, %[[W:.+]]: memref<48x32xf16>, %[[C:.+]]: memref<3x64x48xf32>)
// CHECK: %[[CC:.+]] = memref.collapse_shape %[[C]] {{\[\[}}0, 1], [2]] : memref<3x64x48xf32> into memref<192x48xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[CC]] : memref<192x48xf32>)
// CHECK-NEXT: %[[CA:.+]] = memref.collapse_shape %[[A]] {{\[\[}}0, 1], [2]] : memref<3x64x32xf16> into memref<192x32xf16>
// CHECK-NEXT: linalg.matmul indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}] ins(%[[CA]], %[[W]] : memref<192x32xf16>, memref<48x32xf16>) outs(%[[CC]] : memref<192x48xf32>)
// CHECK-NEXT: return
func.func @generic_shared_b_nk_memref(%a: memref<3x64x32xf16>, %w: memref<48x32xf16>, %c: memref<3x64x48xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<3x64x48xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %w : memref<3x64x32xf16>, memref<48x32xf16>) outs(%c : memref<3x64x48xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
