// RUN: gemm-opt %s --gemm-fold-softmax-casts --split-input-file | FileCheck %s
// RUN: gemm-opt %s --gemm-fold-softmax-casts --split-input-file -debug-only=gemm-opt-softmax-casts -o /dev/null 2>&1 | FileCheck %s --check-prefix=DBG

// Llama's F.softmax(scores.float(), dim=-1).type_as(q) on 4-D attention
// scores [b, h, q, k], as torch-mlir writes it: both casts fold, and the
// f16 -> f32 -> f16 softmax is the linalg.softmax of the f16 tensors (the
// kernels compute in f32).
// CHECK-LABEL: func.func @both_same_type
// CHECK-SAME: (%[[S:.+]]: tensor<2x3x64x72xf16>)
// CHECK: %[[E:.+]] = tensor.empty() : tensor<2x3x64x72xf16>
// CHECK: %[[P:.+]] = linalg.softmax dimension(3) ins(%[[S]] : tensor<2x3x64x72xf16>) outs(%[[E]] : tensor<2x3x64x72xf16>)
// CHECK-NOT: linalg.generic
// CHECK-NOT: tensor<2x3x64x72xf32>
// CHECK: return %[[P]]
// DBG: folds the extension of its input and the truncation of its result: linalg.softmax reads f16 and writes f16
#id = affine_map<(b, h, i, j) -> (b, h, i, j)>
func.func @both_same_type(%s: tensor<2x3x64x72xf16>) -> tensor<2x3x64x72xf16> {
  %e0 = tensor.empty() : tensor<2x3x64x72xf32>
  %sf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x3x64x72xf16>) outs(%e0 : tensor<2x3x64x72xf32>) {
  ^bb0(%in: f16, %out: f32):
    %v = arith.extf %in : f16 to f32
    linalg.yield %v : f32
  } -> tensor<2x3x64x72xf32>
  %e1 = tensor.empty() : tensor<2x3x64x72xf32>
  %p = linalg.softmax dimension(3) ins(%sf : tensor<2x3x64x72xf32>) outs(%e1 : tensor<2x3x64x72xf32>) -> tensor<2x3x64x72xf32>
  %e2 = tensor.empty() : tensor<2x3x64x72xf16>
  %ph = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p : tensor<2x3x64x72xf32>) outs(%e2 : tensor<2x3x64x72xf16>) {
  ^bb0(%in: f32, %out: f16):
    %v = arith.truncf %in : f32 to f16
    linalg.yield %v : f16
  } -> tensor<2x3x64x72xf16>
  return %ph : tensor<2x3x64x72xf16>
}

// -----

// Hugging Face's softmax(w, dim=-1, dtype=torch.float32) with the result
// kept in f32: only the extension folds; a gemm_opt.softmax reads bf16 and
// writes f32. The bf16 input has another user (returned): it is read, not
// changed, so that does not matter.
// CHECK-LABEL: func.func @input_only
// CHECK-SAME: (%[[S:.+]]: tensor<130x259xbf16>)
// CHECK-NOT: linalg.generic
// CHECK: %[[P:.+]] = gemm_opt.softmax dimension(1) ins(%[[S]] : tensor<130x259xbf16>) outs(%{{.+}} : tensor<130x259xf32>) -> tensor<130x259xf32>
// CHECK: return %[[P]], %[[S]]
// DBG: keeps the result's casts: the f32 result has other uses
// DBG: folds the extension of its input: gemm_opt.softmax reads bf16 and writes f32
#id = affine_map<(i, j) -> (i, j)>
func.func @input_only(%s: tensor<130x259xbf16>) -> (tensor<130x259xf32>, tensor<130x259xbf16>) {
  %e0 = tensor.empty() : tensor<130x259xf32>
  %sf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<130x259xbf16>) outs(%e0 : tensor<130x259xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %v = arith.extf %in : bf16 to f32
    linalg.yield %v : f32
  } -> tensor<130x259xf32>
  %e1 = tensor.empty() : tensor<130x259xf32>
  %p = linalg.softmax dimension(1) ins(%sf : tensor<130x259xf32>) outs(%e1 : tensor<130x259xf32>) -> tensor<130x259xf32>
  return %p, %s : tensor<130x259xf32>, tensor<130x259xbf16>
}

// -----

// An f32 softmax whose result is cast to bf16 (the P of P V): the
// truncation folds, the softmax writes bf16 into the truncation's output.
// 3-D scores [h, q, k].
// CHECK-LABEL: func.func @result_only
// CHECK-SAME: (%[[S:.+]]: tensor<3x130x67xf32>)
// CHECK: %[[E:.+]] = tensor.empty() : tensor<3x130x67xbf16>
// CHECK: %[[P:.+]] = gemm_opt.softmax dimension(2) ins(%[[S]] : tensor<3x130x67xf32>) outs(%[[E]] : tensor<3x130x67xbf16>) -> tensor<3x130x67xbf16>
// CHECK-NOT: linalg.generic
// CHECK: return %[[P]]
#id = affine_map<(h, i, j) -> (h, i, j)>
func.func @result_only(%s: tensor<3x130x67xf32>) -> tensor<3x130x67xbf16> {
  %e1 = tensor.empty() : tensor<3x130x67xf32>
  %p = linalg.softmax dimension(2) ins(%s : tensor<3x130x67xf32>) outs(%e1 : tensor<3x130x67xf32>) -> tensor<3x130x67xf32>
  %e2 = tensor.empty() : tensor<3x130x67xbf16>
  %pb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%p : tensor<3x130x67xf32>) outs(%e2 : tensor<3x130x67xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %v = arith.truncf %in : f32 to bf16
    linalg.yield %v : bf16
  } -> tensor<3x130x67xbf16>
  return %pb : tensor<3x130x67xbf16>
}

// -----

// f16 in, bf16 out: both fold into one gemm_opt.softmax of two types.
// CHECK-LABEL: func.func @both_two_types
// CHECK: gemm_opt.softmax dimension(1) ins(%{{.+}} : tensor<7x1000xf16>) outs(%{{.+}} : tensor<7x1000xbf16>) -> tensor<7x1000xbf16>
// CHECK-NOT: linalg.generic
#id = affine_map<(i, j) -> (i, j)>
func.func @both_two_types(%s: tensor<7x1000xf16>) -> tensor<7x1000xbf16> {
  %e0 = tensor.empty() : tensor<7x1000xf32>
  %sf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<7x1000xf16>) outs(%e0 : tensor<7x1000xf32>) {
  ^bb0(%in: f16, %out: f32):
    %v = arith.extf %in : f16 to f32
    linalg.yield %v : f32
  } -> tensor<7x1000xf32>
  %p = linalg.softmax dimension(1) ins(%sf : tensor<7x1000xf32>) outs(%e0 : tensor<7x1000xf32>) -> tensor<7x1000xf32>
  %e2 = tensor.empty() : tensor<7x1000xbf16>
  %pb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<7x1000xf32>) outs(%e2 : tensor<7x1000xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %v = arith.truncf %in : f32 to bf16
    linalg.yield %v : bf16
  } -> tensor<7x1000xbf16>
  return %pb : tensor<7x1000xbf16>
}

// -----

// The f32 result has another user (returned too): the truncation stays as
// it is (gemm-verify-input rejects it, as without this pass), the
// extension still folds.
// CHECK-LABEL: func.func @result_other_user
// CHECK: %[[P:.+]] = gemm_opt.softmax dimension(1) ins(%{{.+}} : tensor<16x64xf16>) outs(%{{.+}} : tensor<16x64xf32>) -> tensor<16x64xf32>
// CHECK: %[[T:.+]] = linalg.generic
// CHECK-SAME: ins(%[[P]] : tensor<16x64xf32>)
// CHECK: arith.truncf
// CHECK: return %[[T]], %[[P]]
#id = affine_map<(i, j) -> (i, j)>
func.func @result_other_user(%s: tensor<16x64xf16>) -> (tensor<16x64xf16>, tensor<16x64xf32>) {
  %e0 = tensor.empty() : tensor<16x64xf32>
  %sf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<16x64xf16>) outs(%e0 : tensor<16x64xf32>) {
  ^bb0(%in: f16, %out: f32):
    %v = arith.extf %in : f16 to f32
    linalg.yield %v : f32
  } -> tensor<16x64xf32>
  %e1 = tensor.empty() : tensor<16x64xf32>
  %p = linalg.softmax dimension(1) ins(%sf : tensor<16x64xf32>) outs(%e1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %e2 = tensor.empty() : tensor<16x64xf16>
  %ph = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<16x64xf32>) outs(%e2 : tensor<16x64xf16>) {
  ^bb0(%in: f32, %out: f16):
    %v = arith.truncf %in : f32 to f16
    linalg.yield %v : f16
  } -> tensor<16x64xf16>
  return %ph, %p : tensor<16x64xf16>, tensor<16x64xf32>
}

// -----

// The extension's f32 result has another user: the softmax still reads the
// f16 tensor (the same values), and the extension stays for that user.
// CHECK-LABEL: func.func @extension_other_user
// CHECK-SAME: (%[[S:.+]]: tensor<16x64xf16>)
// CHECK: %[[SF:.+]] = linalg.generic
// CHECK: arith.extf
// CHECK: gemm_opt.softmax dimension(1) ins(%[[S]] : tensor<16x64xf16>)
// CHECK: return {{.+}}, %[[SF]]
#id = affine_map<(i, j) -> (i, j)>
func.func @extension_other_user(%s: tensor<16x64xf16>) -> (tensor<16x64xf32>, tensor<16x64xf32>) {
  %e0 = tensor.empty() : tensor<16x64xf32>
  %sf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<16x64xf16>) outs(%e0 : tensor<16x64xf32>) {
  ^bb0(%in: f16, %out: f32):
    %v = arith.extf %in : f16 to f32
    linalg.yield %v : f32
  } -> tensor<16x64xf32>
  %e1 = tensor.empty() : tensor<16x64xf32>
  %p = linalg.softmax dimension(1) ins(%sf : tensor<16x64xf32>) outs(%e1 : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %p, %sf : tensor<16x64xf32>, tensor<16x64xf32>
}

// -----

// Dynamic rows and columns (the truncation's output sized by tensor.dim):
// both fold, the softmax writes the truncation's dynamic output.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[S:.+]]: tensor<?x?xbf16>)
// CHECK: %[[E:.+]] = tensor.empty(%{{.+}}, %{{.+}}) : tensor<?x?xf32>
// CHECK: gemm_opt.softmax dimension(1) ins(%[[S]] : tensor<?x?xbf16>) outs(%[[E]] : tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NOT: linalg.generic
#id = affine_map<(i, j) -> (i, j)>
func.func @dynamic(%s: tensor<?x?xbf16>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tensor.dim %s, %c0 : tensor<?x?xbf16>
  %c = tensor.dim %s, %c1 : tensor<?x?xbf16>
  %e0 = tensor.empty(%r, %c) : tensor<?x?xf32>
  %sf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<?x?xbf16>) outs(%e0 : tensor<?x?xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %v = arith.extf %in : bf16 to f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  %e1 = tensor.empty(%r, %c) : tensor<?x?xf32>
  %p = linalg.softmax dimension(1) ins(%sf : tensor<?x?xf32>) outs(%e1 : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}

// -----

// Not casts: an extension that also scales, a truncation through a
// transposing map. Nothing changes.
// CHECK-LABEL: func.func @not_casts
// CHECK: arith.extf
// CHECK: arith.mulf
// CHECK: linalg.softmax dimension(1) ins(%{{.+}} : tensor<16x16xf32>)
// CHECK: arith.truncf
// DBG: not a cast: a linalg.generic that is no elementwise arith.extf between f32, f16 and bf16 (identity maps, the body only the cast)
// DBG: not a cast: a linalg.generic that is no elementwise arith.truncf between f32, f16 and bf16 (identity maps, the body only the cast)
// DBG: no cast to fold around linalg.softmax
#id = affine_map<(i, j) -> (i, j)>
#tr = affine_map<(i, j) -> (j, i)>
func.func @not_casts(%s: tensor<16x16xf16>) -> tensor<16x16xf16> {
  %e0 = tensor.empty() : tensor<16x16xf32>
  %sf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<16x16xf16>) outs(%e0 : tensor<16x16xf32>) {
  ^bb0(%in: f16, %out: f32):
    %v = arith.extf %in : f16 to f32
    %k = arith.constant 0.125 : f32
    %w = arith.mulf %v, %k : f32
    linalg.yield %w : f32
  } -> tensor<16x16xf32>
  %e1 = tensor.empty() : tensor<16x16xf32>
  %p = linalg.softmax dimension(1) ins(%sf : tensor<16x16xf32>) outs(%e1 : tensor<16x16xf32>) -> tensor<16x16xf32>
  %e2 = tensor.empty() : tensor<16x16xf16>
  %ph = linalg.generic {indexing_maps = [#id, #tr], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<16x16xf32>) outs(%e2 : tensor<16x16xf16>) {
  ^bb0(%in: f32, %out: f16):
    %v = arith.truncf %in : f32 to f16
    linalg.yield %v : f16
  } -> tensor<16x16xf16>
  return %ph : tensor<16x16xf16>
}

// -----

// A softmax on memrefs with no cast around it: nothing changes (the casts
// on memrefs: gemm-fold-softmax-casts-memref.mlir).
// CHECK-LABEL: func.func @memrefs
// CHECK: linalg.softmax dimension(1) ins(%{{.+}} : memref<8x8xf32>)
func.func @memrefs(%x: memref<8x8xf32>, %y: memref<8x8xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<8x8xf32>) outs(%y : memref<8x8xf32>)
  return
}
