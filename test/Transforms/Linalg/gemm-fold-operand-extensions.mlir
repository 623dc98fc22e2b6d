// RUN: gemm-opt %s --gemm-fold-operand-extensions --split-input-file | FileCheck %s

// torch-mlir's x.float() @ w.float(): both bf16 operands extended to f32
// by elementwise generics, then an f32 matmul. It reads the bf16 values
// (accumulating in f32, as the f32 matmul of their exact products does);
// the extensions are gone.
// CHECK-LABEL: func.func @extended
// CHECK-SAME: (%[[X:.+]]: tensor<16x32xbf16>, %[[W:.+]]: tensor<32x48xbf16>)
// CHECK-NOT: arith.extf
// CHECK: linalg.matmul ins(%[[X]], %[[W]] : tensor<16x32xbf16>, tensor<32x48xbf16>) outs(%{{.+}} : tensor<16x48xf32>)
// CHECK-NOT: linalg.generic
#id = affine_map<(i, j) -> (i, j)>
func.func @extended(%x: tensor<16x32xbf16>, %w: tensor<32x48xbf16>) -> tensor<16x48xf32> {
  %ex = tensor.empty() : tensor<16x32xf32>
  %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x32xbf16>) outs(%ex : tensor<16x32xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %v = arith.extf %in : bf16 to f32
    linalg.yield %v : f32
  } -> tensor<16x32xf32>
  %ew = tensor.empty() : tensor<32x48xf32>
  %wf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<32x48xbf16>) outs(%ew : tensor<32x48xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %v = arith.extf %in : bf16 to f32
    linalg.yield %v : f32
  } -> tensor<32x48xf32>
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<16x48xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<16x48xf32>) -> tensor<16x48xf32>
  %r = linalg.matmul ins(%xf, %wf : tensor<16x32xf32>, tensor<32x48xf32>) outs(%c : tensor<16x48xf32>) -> tensor<16x48xf32>
  return %r : tensor<16x48xf32>
}

// -----

// Only one operand extended (the other a true f32): nothing changes (the
// kernels take one input type).
// CHECK-LABEL: func.func @one_extended
// CHECK: arith.extf
// CHECK: linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<16x32xf32>, tensor<32x48xf32>)
#id = affine_map<(i, j) -> (i, j)>
func.func @one_extended(%x: tensor<16x32xf16>, %w: tensor<32x48xf32>) -> tensor<16x48xf32> {
  %ex = tensor.empty() : tensor<16x32xf32>
  %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x32xf16>) outs(%ex : tensor<16x32xf32>) {
  ^bb0(%in: f16, %out: f32):
    %v = arith.extf %in : f16 to f32
    linalg.yield %v : f32
  } -> tensor<16x32xf32>
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<16x48xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<16x48xf32>) -> tensor<16x48xf32>
  %r = linalg.matmul ins(%xf, %w : tensor<16x32xf32>, tensor<32x48xf32>) outs(%c : tensor<16x48xf32>) -> tensor<16x48xf32>
  return %r : tensor<16x48xf32>
}

// -----

// A transposed W (its maps kept) extended from f16, batched.
// CHECK-DAG: #[[BNK:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-LABEL: func.func @batched_nt
// CHECK: linalg.batch_matmul indexing_maps = [#{{.+}}, #[[BNK]], #{{.+}}] ins(%arg0, %arg1 : tensor<2x16x32xf16>, tensor<2x48x32xf16>)
#id3 = affine_map<(b, i, j) -> (b, i, j)>
func.func @batched_nt(%x: tensor<2x16x32xf16>, %w: tensor<2x48x32xf16>) -> tensor<2x16x48xf32> {
  %ex = tensor.empty() : tensor<2x16x32xf32>
  %xf = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x16x32xf16>) outs(%ex : tensor<2x16x32xf32>) {
  ^bb0(%in: f16, %out: f32):
    %v = arith.extf %in : f16 to f32
    linalg.yield %v : f32
  } -> tensor<2x16x32xf32>
  %ew = tensor.empty() : tensor<2x48x32xf32>
  %wf = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%w : tensor<2x48x32xf16>) outs(%ew : tensor<2x48x32xf32>) {
  ^bb0(%in: f16, %out: f32):
    %v = arith.extf %in : f16 to f32
    linalg.yield %v : f32
  } -> tensor<2x48x32xf32>
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<2x16x48xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<2x16x48xf32>) -> tensor<2x16x48xf32>
  %r = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%xf, %wf : tensor<2x16x32xf32>, tensor<2x48x32xf32>) outs(%c : tensor<2x16x48xf32>) -> tensor<2x16x48xf32>
  return %r : tensor<2x16x48xf32>
}

// -----

// One extension read as both operands: the bf16 matmul, the extension
// erased once.
// CHECK-LABEL: func.func @both_operands
// CHECK-SAME: (%[[X:.+]]: tensor<64x64xbf16>)
// CHECK-NOT: linalg.generic
// CHECK: linalg.matmul ins(%[[X]], %[[X]] : tensor<64x64xbf16>, tensor<64x64xbf16>)
#id = affine_map<(i, j) -> (i, j)>
func.func @both_operands(%x: tensor<64x64xbf16>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x64xbf16>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %v = arith.extf %in : bf16 to f32
    linalg.yield %v : f32
  } -> tensor<64x64xf32>
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%xf, %xf : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
