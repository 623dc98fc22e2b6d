// A batch_matmul with every size dynamic, one f16 B for every entry and a
// fused bias: the SIMT kernel takes the batch count (grid z), M, N and K,
// and views each entry of A and C at its run-time offset; every buffer
// dimension is the symbol it stands for (B and the bias without the batch).
// RUN: rm -f %t.json %t.ptx
// RUN: gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.json
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-run --print-manifest --ptx %t.ptx --manifest %t.json --sizes 3x1000x999x777 | FileCheck %s --check-prefix=AT

// REMARK: remark: matmul with a dynamic N or K left on the SIMT kernel

// CHECK:   "symbols": [{"name": "batch", "min": 1, "max": [[MAX:[0-9]+]]}, {"name": "M", "min": 1, "max": [[MAX]]}, {"name": "N", "min": 1, "max": [[MAX]]}, {"name": "K", "min": 1, "max": [[MAX]]}],
// CHECK:   "problem": {"a":"f16","b":"f16","batch":{"sym":"batch"},"beta":0,"c":"f16","epilogue":[{"broadcast":"col","op":"add","operand":"E0"}],"k":{"sym":"K"},"m":{"sym":"M"},"n":{"sym":"N"},"shared_b":true},
// CHECK:   "buffers": [
// CHECK-NEXT: {"elem":"f16","name":"A","role":"A","shape":[{"sym":"batch"},{"sym":"M"},{"sym":"K"}]},
// CHECK-NEXT: {"elem":"f16","name":"B","role":"B","shape":[{"sym":"K"},{"sym":"N"}]},
// CHECK-NEXT: {"elem":"f16","name":"C","role":"C","shape":[{"sym":"batch"},{"sym":"M"},{"sym":"N"}]},
// CHECK-NEXT: {"elem":"f16","name":"E0","role":"E0","shape":[{"sym":"N"}]}
// CHECK-NEXT: ],
// CHECK:      "grid":[{"sym":"N","ceil_div":128},{"sym":"M","ceil_div":128},{"sym":"batch"}],"name":"proj_batchmax_kernel"

// AT: stage wgmma at batch = 3, M = 1000, N = 999, K = 777: variant 0
// AT: "problem": {"m": 1000, "n": 999, "k": 777, {{.*}}"batch": 3, "shared_b": true,
// AT: {"name": "A", "role": "A", "elem": "f16", "shape": [3, 1000, 777]},
// AT-NEXT: {"name": "B", "role": "B", "elem": "f16", "shape": [777, 999]},
// AT-NEXT: {"name": "C", "role": "C", "elem": "f16", "shape": [3, 1000, 999]},
// AT-NEXT: {"name": "E0", "role": "E0", "elem": "f16", "shape": [999]}
// AT: "grid": [8, 8, 3],

func.func @proj(%x: tensor<?x?x?xf16>, %w: tensor<?x?xf16>, %bias: tensor<?xf16>) -> tensor<?x?x?xf16> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %batch = tensor.dim %x, %c0 : tensor<?x?x?xf16>
  %m = tensor.dim %x, %c1 : tensor<?x?x?xf16>
  %n = tensor.dim %w, %c1 : tensor<?x?xf16>
  %empty = tensor.empty(%batch, %m, %n) : tensor<?x?x?xf32>
  %c = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %mm = linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]
      ins(%x, %w : tensor<?x?x?xf16>, tensor<?x?xf16>) outs(%c : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %out = tensor.empty(%batch, %m, %n) : tensor<?x?x?xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(b, d0, d1) -> (b, d0, d1)>, affine_map<(b, d0, d1) -> (d1)>, affine_map<(b, d0, d1) -> (b, d0, d1)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm, %bias : tensor<?x?x?xf32>, tensor<?xf16>) outs(%out : tensor<?x?x?xf16>) {
  ^bb0(%v: f32, %bv: f16, %o: f16):
    %e = arith.extf %bv : f16 to f32
    %s = arith.addf %v, %e : f32
    %t = arith.truncf %s : f32 to f16
    linalg.yield %t : f16
  } -> tensor<?x?x?xf16>
  return %r : tensor<?x?x?xf16>
}
