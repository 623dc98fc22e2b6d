// RUN: gemm-opt %s --gemm-recompute-shared-matmuls --split-input-file 2>&1 | FileCheck %s

// A pre-activation returned beside its ReLU: the ReLU gets a copy of the
// matmul (and of its zero fill) before it, which it reads (and fuses into
// later); the return keeps the original; a remark at the ReLU says so.
// CHECK: remark: fuses into a copy of the matmul it reads, whose result is used elsewhere too: a second kernel computes the matmul
// CHECK-LABEL: func.func @kept_pre_activation
// CHECK-SAME: (%[[A:.+]]: tensor<128x256xf16>, %[[B:.+]]: tensor<256x64xf16>)
// CHECK: %[[F0:.+]] = linalg.fill
// CHECK: %[[M0:.+]] = linalg.matmul ins(%[[A]], %[[B]] : {{.+}}) outs(%[[F0]] :
// CHECK: %[[F1:.+]] = linalg.fill ins({{.+}}) outs(%{{.+}} : tensor<128x64xf32>)
// CHECK-NEXT: %[[M1:.+]] = linalg.matmul ins(%[[A]], %[[B]] : {{.+}}) outs(%[[F1]] :
// CHECK: %[[R:.+]] = linalg.generic {{.+}} ins(%[[M1]] :
// CHECK: return %[[M0]], %[[R]]
#id = affine_map<(i, j) -> (i, j)>
func.func @kept_pre_activation(%a: tensor<128x256xf16>, %b: tensor<256x64xf16>) -> (tensor<128x64xf32>, tensor<128x64xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x64xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<128x64xf32>) -> tensor<128x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x256xf16>, tensor<256x64xf16>) outs(%c : tensor<128x64xf32>) -> tensor<128x64xf32>
  %e2 = tensor.empty() : tensor<128x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<128x64xf32>) outs(%e2 : tensor<128x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<128x64xf32>
  return %m, %r : tensor<128x64xf32>, tensor<128x64xf32>
}

// -----

// Two activations of one matmul and nothing else: the first keeps the
// matmul, the second gets a copy.
// CHECK-LABEL: func.func @two_activations
// CHECK: %[[M0:.+]] = linalg.matmul
// CHECK: %[[R0:.+]] = linalg.generic {{.+}} ins(%[[M0]] :
// CHECK: %[[M1:.+]] = linalg.matmul
// CHECK: %[[R1:.+]] = linalg.generic {{.+}} ins(%[[M1]] :
// CHECK: return %[[R0]], %[[R1]]
#id2 = affine_map<(i, j) -> (i, j)>
func.func @two_activations(%a: tensor<16x32xbf16>, %b: tensor<32x64xbf16>) -> (tensor<16x64xbf16>, tensor<16x64xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<16x32xbf16>, tensor<32x64xbf16>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  %e1 = tensor.empty() : tensor<16x64xbf16>
  %r0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<16x64xf32>) outs(%e1 : tensor<16x64xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x64xbf16>
  %e2 = tensor.empty() : tensor<16x64xf32>
  %r1 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<16x64xf32>) outs(%e2 : tensor<16x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<16x64xf32>
  return %r0, %r1 : tensor<16x64xbf16>, tensor<16x64xf32>
}

// -----

// A consumer that would not fuse alone either (it reads the matmul's result
// transposed): no copy; gemm-verify-input names why.
// CHECK-LABEL: func.func @not_fusable
// CHECK-COUNT-1: linalg.matmul
// CHECK-NOT: linalg.matmul
#t = affine_map<(i, j) -> (j, i)>
#id3 = affine_map<(i, j) -> (i, j)>
func.func @not_fusable(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#t, #id3], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<64x64xf32>
  return %m, %r : tensor<64x64xf32>, tensor<64x64xf32>
}
