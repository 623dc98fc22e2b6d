// A matmul with a dynamic M, compiled once by the wgmma stage: a version-3
// manifest whose buffers, problem, grids, parameters and tensor maps name
// the symbol M, and a dispatch table of one variant per range of M.

// REQUIRES: ptxas
// RUN: rm -f %t.json %t.ptx
// RUN: gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check

// CHECK:      "version": 3,
// CHECK:      "func": "linear",
// The largest M: 65535 blocks of 64 rows along y in the last variant.
// CHECK-NEXT: "symbols": [{"name": "M", "min": 1, "max": 4194240}],
// CHECK-NEXT: "problem": {"a":"bf16","b":"bf16","beta":0,"c":"bf16","k":256,"layout":"nt","m":{"sym":"M"},"n":384},
// CHECK-NEXT: "buffers": [
// CHECK-NEXT:   {"elem":"bf16","name":"A","role":"A","shape":[{"sym":"M"},256]},
// CHECK-NEXT:   {"elem":"bf16","name":"B","role":"B","shape":[384,256]},
// CHECK-NEXT:   {"elem":"bf16","name":"C","role":"C","shape":[{"sym":"M"},384]}
// CHECK-NEXT: ],
// CHECK-NEXT: "arguments": ["A","B"],
// CHECK-NEXT: "variants": [
// M = 1 alone: the weight-streaming kernel compiled exactly as for a
// static M = 1 (no M parameter). Then ranges whose kernels take M: swap-AB
// computing its planned rows (M = 3 plans it in bf16, as 4 .. 8 does), and the wgmma ranges that plan
// alike merged into one (gemm-merge-dynamic-variants).
// CHECK-NEXT:   {"when": {"M":[1,1]}, "kernels": [
// CHECK-NEXT:     {{.*}}"grid":[48,1,1],"name":"linear_m1_kernel","params":[{"abi":"ptr","buffer":"B"},{"abi":"ptr","buffer":"A"},{"abi":"ptr","buffer":"C"}]}
// CHECK:        {"when": {"M":[2,8]}, "kernels": [
// CHECK-NEXT:     {{.*}}"dynamic_shared_memory":4096,{{.*}}"name":"linear_m8_kernel","params":[{"abi":"i64","value":{"sym":"M"}}
// CHECK:        {"when": {"M":[9,16]}, "kernels": [
// CHECK:        {"when": {"M":[17,2048]}, "kernels": [
// CHECK-NEXT:     {{.*}}"name":"linear_m2048_kernel"
// The last, for every larger M: wgmma tiles whose grid and tensor maps
// follow M.
// CHECK:        {"kernels": [
// CHECK-NEXT:     {{.*}}"grid":[3,{"sym":"M","ceil_div":64},1],"name":"linear_mmax_kernel"
// CHECK-SAME:     {"abi":"tensormap","box":[64,{{[0-9]+}}],"buffer":"A","dims":[256,{"sym":"M"}]
// CHECK-SAME:     {"abi":"tensormap","box":[64,{{[0-9]+}}],"buffer":"B","dims":[256,384]
// CHECK-SAME:     {"abi":"i64","value":{"sym":"M"}}
// CHECK-NEXT: {{^ +\]\}$}}
// CHECK-NEXT: {{^  \]$}}
func.func @linear(%x: tensor<?x256xbf16>, %w: tensor<384x256xbf16>) -> tensor<?x384xbf16> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x256xbf16>
  %e = tensor.empty(%m) : tensor<?x384xbf16>
  %z = arith.constant 0.0 : bf16
  %f = linalg.fill ins(%z : bf16) outs(%e : tensor<?x384xbf16>) -> tensor<?x384xbf16>
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%x, %w : tensor<?x256xbf16>, tensor<384x256xbf16>) outs(%f : tensor<?x384xbf16>) -> tensor<?x384xbf16>
  return %r : tensor<?x384xbf16>
}
