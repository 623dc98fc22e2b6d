// Every size dynamic (bf16, A and B stored transposed, a fused bias, row
// scale and residual): one variant whose SIMT kernel takes M, N and K,
// every buffer dimension the symbol it stands for, the grid from M and N.
// The symbols share the largest value at which every buffer fits
// the manifest's bytes together.
// RUN: rm -f %t.json %t.ptx
// RUN: gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-run --print-manifest --ptx %t.ptx --manifest %t.json --sizes 1x1x1,1000x999x777 | FileCheck %s --check-prefix=AT

// CHECK-LABEL: {
// CHECK:   "version": 3,
// CHECK:   "symbols": [{"name": "M", "min": 1, "max": [[MAX:[0-9]+]]}, {"name": "N", "min": 1, "max": [[MAX]]}, {"name": "K", "min": 1, "max": [[MAX]]}],
// CHECK:   "problem": {"a":"bf16","b":"bf16","beta":0,"c":"bf16","epilogue":[{"broadcast":"col","op":"add","operand":"E0"},{"broadcast":"row","op":"mul","operand":"E1"},{"broadcast":"none","op":"add","operand":"E2"}],"k":{"sym":"K"},"layout":"tt","m":{"sym":"M"},"n":{"sym":"N"}},
// CHECK:   "buffers": [
// CHECK-NEXT: {"elem":"bf16","name":"A","role":"A","shape":[{"sym":"K"},{"sym":"M"}]},
// CHECK-NEXT: {"elem":"bf16","name":"B","role":"B","shape":[{"sym":"N"},{"sym":"K"}]},
// CHECK-NEXT: {"elem":"bf16","name":"C","role":"C","shape":[{"sym":"M"},{"sym":"N"}]},
// CHECK-NEXT: {"elem":"bf16","name":"E0","role":"E0","shape":[{"sym":"N"}]},
// CHECK-NEXT: {"elem":"bf16","name":"E1","role":"E1","shape":[{"sym":"M"}]},
// CHECK-NEXT: {"elem":"bf16","name":"E2","role":"E2","shape":[{"sym":"M"},{"sym":"N"}]}
// CHECK-NEXT: ],
// CHECK-NEXT: "arguments": ["A","B","E0","E1","E2"],
// CHECK-NEXT: "variants": [
// CHECK-NEXT: {"kernels": [
// CHECK-NEXT: {"block":[256,1,1],"dynamic_shared_memory":{{[0-9]+}},"grid":[{"sym":"N","ceil_div":128},{"sym":"M","ceil_div":128},1],"name":"matmul_mmax_kernel","params":[{"abi":"ptr","buffer":"A"},{"abi":"i64","value":{"sym":"M"}},{"abi":"i64","value":{"sym":"K"}},{"abi":"ptr","buffer":"B"},{"abi":"i64","value":{"sym":"N"}},{"abi":"ptr","buffer":"C"},{"abi":"ptr","buffer":"E2"},{"abi":"ptr","buffer":"E0"},{"abi":"ptr","buffer":"E1"}]}
// CHECK-NEXT: ]}
// CHECK-NEXT: ]

// Instantiated: the grid and the size parameters at each size.
// AT: stage wgmma at M = 1000, N = 999, K = 777: variant 0
// AT: "problem": {"m": 1000, "n": 999, "k": 777,
// AT: {"name": "A", "role": "A", "elem": "bf16", "shape": [777, 1000]},
// AT: {"name": "B", "role": "B", "elem": "bf16", "shape": [999, 777]},
// AT: "grid": [8, 8, 1],
// AT-NEXT: "block": [256, 1, 1],
// AT: {"abi": "i64", "value": 1000},
// AT-NEXT: {"abi": "i64", "value": 777},
// AT-NEXT: {"abi": "ptr", "buffer": "B"},
// AT-NEXT: {"abi": "i64", "value": 999},

func.func @matmul(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>, %e0: tensor<?xbf16>, %e1: tensor<?xbf16>, %e2: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %zero = arith.constant 0.0 : f32
  %mdim = arith.constant 1 : index
  %m = tensor.dim %a, %mdim : tensor<?x?xbf16>
  %ndim = arith.constant 0 : index
  %n = tensor.dim %b, %ndim : tensor<?x?xbf16>
  %empty = tensor.empty(%m, %n) : tensor<?x?xf32>
  %c = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<?x?xbf16>, tensor<?x?xbf16>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  %out_empty = tensor.empty(%m, %n) : tensor<?x?xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %e0, %e1, %e2 : tensor<?x?xf32>, tensor<?xbf16>, tensor<?xbf16>, tensor<?x?xbf16>) outs(%out_empty : tensor<?x?xbf16>) {
  ^bb0(%x: f32, %in0: bf16, %in1: bf16, %in2: bf16, %out: bf16):
    %v0 = arith.extf %in0 : bf16 to f32
    %v1 = arith.addf %x, %v0 : f32
    %v2 = arith.extf %in1 : bf16 to f32
    %v3 = arith.mulf %v1, %v2 : f32
    %v4 = arith.extf %in2 : bf16 to f32
    %v5 = arith.addf %v3, %v4 : f32
    %v6 = arith.truncf %v5 : f32 to bf16
    linalg.yield %v6 : bf16
  } -> tensor<?x?xbf16>
  return %r : tensor<?x?xbf16>
}
