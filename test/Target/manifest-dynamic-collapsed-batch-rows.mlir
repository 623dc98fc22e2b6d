// nn.Linear on a [4, tokens, K] activation (a static batch above 1 beside
// the dynamic tokens, collapsed to M = 4 * tokens rows): the 2-D dynamic-M
// kernels, A and C kept 3-D with the tokens dimension M / 4 ("div"), M's
// bounds and the variants' ranges in whole tokens (multiples of 4); every
// variant assembles without spills. The 4-D form ([2, 8, ?, 64] collapsed
// into rows) divides by 16.

// REQUIRES: ptxas
// RUN: gemm-opt %inputs/linear-3d-dynamic-batch4-bf16-1024x4096.mlir --gemm-stage-wgmma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.4d.json ptx-file=%t.4d.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=FOUR --input-file=%t.4d.json

// CHECK:      "version": 3,
// CHECK:      "symbols": [{"name": "M", "min": 4, "max": {{[0-9]+}}}],
// CHECK-NEXT: "problem": {"a":"bf16","b":"bf16","beta":0,"c":"bf16","k":4096,"m":{"sym":"M"},"n":1024},
// CHECK-NEXT: "buffers": [
// CHECK-NEXT:   {"elem":"bf16","name":"A","role":"A","shape":[4,{"sym":"M","div":4},4096]},
// CHECK-NEXT:   {"elem":"bf16","name":"B","role":"B","shape":[4096,1024]},
// CHECK-NEXT:   {"elem":"bf16","name":"C","role":"C","shape":[4,{"sym":"M","div":4},1024]}
// CHECK:      "variants": [
// CHECK-NEXT:   {"when": {"M":[4,4]}, "kernels": [
// CHECK:        {"when": {"M":[8,12]}, "kernels": [
// CHECK-NEXT:   {"abi":"i64","value":{"sym":"M"}}
// CHECK:        {"kernels": [
// CHECK-NEXT:   "dims":[4096,{"sym":"M"}]

// FOUR:      "symbols": [{"name": "M", "min": 16, "max": {{[0-9]+}}}],
// FOUR:        {"elem":"f16","name":"A","role":"A","shape":[2,8,{"sym":"M","div":16},64]},
// FOUR:        {"elem":"f16","name":"C","role":"C","shape":[2,8,{"sym":"M","div":16},512]}
// FOUR:      "variants": [
// FOUR-NEXT:   {"when": {"M":[16,16]}, "kernels": [

func.func @heads(%a: tensor<2x8x?x64xf16>, %w: tensor<64x512xf16>) -> tensor<2x8x?x512xf16> {
  %c2 = arith.constant 2 : index
  %t = tensor.dim %a, %c2 : tensor<2x8x?x64xf16>
  %zero = arith.constant 0.0 : f16
  %c0 = arith.constant 0 : index
  %a2 = tensor.collapse_shape %a [[0, 1, 2], [3]] : tensor<2x8x?x64xf16> into tensor<?x64xf16>
  %m = tensor.dim %a2, %c0 : tensor<?x64xf16>
  %e = tensor.empty(%m) : tensor<?x512xf16>
  %c = linalg.fill ins(%zero : f16) outs(%e : tensor<?x512xf16>) -> tensor<?x512xf16>
  %r = linalg.matmul ins(%a2, %w : tensor<?x64xf16>, tensor<64x512xf16>) outs(%c : tensor<?x512xf16>) -> tensor<?x512xf16>
  %o = tensor.expand_shape %r [[0, 1, 2], [3]] output_shape [2, 8, %t, 512] : tensor<?x512xf16> into tensor<2x8x?x512xf16>
  return %o : tensor<2x8x?x512xf16>
}
