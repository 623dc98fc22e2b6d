// N-D softmaxes over their last dimension with a dynamic leading
// dimension: the manifest's rows are the leading dimensions' product, a
// multiple of the static ones (the rows symbol's "min"), the dynamic
// dimension rows / that product; the columns, dynamic too in the 4-D
// scores, keep a "min" of 1. gemm-run instantiates them at a size and
// refuses rows that are no whole tokens. Every PTX assembles without
// spills.
// RUN: gemm-opt %inputs/softmax-dynamic-heads-f16-2x300.mlir --gemm-stage-softmax-rows="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-run --print-manifest --ptx %t.ptx --manifest %t.json --sizes 74 | FileCheck %s --check-prefix=AT
// RUN: not gemm-run --print-manifest --ptx %t.ptx --manifest %t.json --sizes 75 2>&1 | FileCheck %s --check-prefix=ODD
// RUN: gemm-opt %inputs/softmax-dynamic-scores-f32-2x3.mlir --gemm-stage-softmax-vector="manifest-file=%t.4d.json ptx-file=%t.4d.ptx" -o /dev/null
// RUN: FileCheck %s --input-file=%t.4d.json --check-prefix=SCORES
// RUN: %ptxas -arch=sm_90a -v %t.4d.ptx -o %t.4d.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-run --print-manifest --ptx %t.4d.ptx --manifest %t.4d.json --sizes 222x77 | FileCheck %s --check-prefix=SCORES-AT

// CHECK:      "symbols": [{"name": "rows", "min": 2, "max": {{[0-9]+}}}],
// CHECK-NEXT: "problem": {"cols":300,"rows":{"sym":"rows"},"x":"f16","y":"f16"},
// CHECK-NEXT: "buffers": [
// CHECK-NEXT: {"elem":"f16","name":"X","role":"X","shape":[2,{"sym":"rows","div":2},300]},
// CHECK-NEXT: {"elem":"f16","name":"Y","role":"Y","shape":[2,{"sym":"rows","div":2},300]}

// AT:      at rows = 74: variant 0
// AT:      "problem": {"rows": 74, "cols": 300, "x": "f16", "y": "f16"},
// AT:      {"name": "X", "role": "X", "elem": "f16", "shape": [2, 37, 300]},
// AT-NEXT: {"name": "Y", "role": "Y", "elem": "f16", "shape": [2, 37, 300]}

// ODD: error: --sizes: rows = 75 is not a multiple of 2 (a buffer dimension is rows / 2)

// SCORES:      "symbols": [{"name": "rows", "min": 6, "max": [[MAX:[0-9]+]]}, {"name": "cols", "min": 1, "max": [[MAX]]}],
// SCORES-NEXT: "problem": {"cols":{"sym":"cols"},"rows":{"sym":"rows"},"x":"f32","y":"f32"},
// SCORES-NEXT: "buffers": [
// SCORES-NEXT: {"elem":"f32","name":"X","role":"X","shape":[2,3,{"sym":"rows","div":6},{"sym":"cols"}]},

// SCORES-AT:      at rows = 222, cols = 77: variant 0
// SCORES-AT:      {"name": "X", "role": "X", "elem": "f32", "shape": [2, 3, 37, 77]},
