// A batch_matmul with a dynamic batch count (attention's Q*K^T, K stored
// N x K, C in bf16): the wgmma kernel of the static entries, its grid z the
// count, its tensor maps over the entries stacked (rows: the count times
// each entry's rows); instantiated at 1 and 3 entries.
// RUN: rm -f %t.json %t.ptx
// RUN: gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-run --print-manifest --ptx %t.ptx --manifest %t.json --sizes 1,3 | FileCheck %s --check-prefix=AT

// CHECK:   "symbols": [{"name": "batch", "min": 1, "max": 65535}],
// CHECK:   "problem": {"a":"bf16","b":"bf16","batch":{"sym":"batch"},"beta":0,"c":"bf16","k":128,"layout":"nt","m":256,"n":256},
// CHECK:   "buffers": [
// CHECK-NEXT: {"elem":"bf16","name":"A","role":"A","shape":[{"sym":"batch"},256,128]},
// CHECK-NEXT: {"elem":"bf16","name":"B","role":"B","shape":[{"sym":"batch"},256,128]},
// CHECK-NEXT: {"elem":"bf16","name":"C","role":"C","shape":[{"sym":"batch"},256,256]}
// CHECK-NEXT: ],
// CHECK:      "grid":[{{[0-9]+}},{{[0-9]+}},{"sym":"batch"}],"name":"qk_batchmax_kernel"
// CHECK-SAME:   "buffer":"A","dims":[128,{"sym":"batch","mul":256}]
// CHECK-SAME:   "buffer":"B","dims":[128,{"sym":"batch","mul":256}]
// CHECK-SAME:   "buffer":"C","dims":[256,{"sym":"batch","mul":256}]

// AT: stage wgmma at batch = 1: variant 0
// AT: {"name": "A", "role": "A", "elem": "bf16", "shape": [1, 256, 128]},
// AT: "grid": [{{[0-9]+}}, {{[0-9]+}}, 1],
// AT: {"abi": "tensormap", "buffer": "A", "elem": "bf16", "dims": [128, 256],
// AT: stage wgmma at batch = 3: variant 0
// AT: "problem": {{.*}}"batch": 3},
// AT: {"name": "A", "role": "A", "elem": "bf16", "shape": [3, 256, 128]},
// AT: "grid": [{{[0-9]+}}, {{[0-9]+}}, 3],
// AT: {"abi": "tensormap", "buffer": "A", "elem": "bf16", "dims": [128, 768],

func.func @qk(%q: tensor<?x256x128xbf16>, %k: tensor<?x256x128xbf16>) -> tensor<?x256x256xbf16> {
  %zero = arith.constant 0.0 : bf16
  %c0 = arith.constant 0 : index
  %b = tensor.dim %q, %c0 : tensor<?x256x128xbf16>
  %empty = tensor.empty(%b) : tensor<?x256x256xbf16>
  %c = linalg.fill ins(%zero : bf16) outs(%empty : tensor<?x256x256xbf16>) -> tensor<?x256x256xbf16>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]
      ins(%q, %k : tensor<?x256x128xbf16>, tensor<?x256x128xbf16>) outs(%c : tensor<?x256x256xbf16>) -> tensor<?x256x256xbf16>
  return %s : tensor<?x256x256xbf16>
}
