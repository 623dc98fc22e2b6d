// A matmul's result returned beside its fused epilogue (bias + GELU + cast,
// pre-activation-kept-bf16-100x999x777.mlir): two ops in the manifest, the
// matmul alone into result0 and its copy with the epilogue into result1,
// both reading arg0 and arg1; a remark at the consumer. At every
// tensor-core stage and the SIMT ones; the PTX assembles without spills.
// REQUIRES: ptxas
// DEFINE: %{stage} = wgmma
// DEFINE: %{check} = rm -f %t.json %t.ptx \
// DEFINE:   && gemm-opt %inputs/pre-activation-kept-bf16-100x999x777.mlir --gemm-stage-%{stage}="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK \
// DEFINE:   && FileCheck %s --input-file=%t.json \
// DEFINE:   && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: %{check}
// REDEFINE: %{stage} = mma
// RUN: %{check}
// REDEFINE: %{stage} = warptile
// RUN: %{check}
// REDEFINE: %{stage} = naive
// RUN: %{check}

// REMARK: remark: fuses into a copy of the matmul it reads, whose result is used elsewhere too: a second kernel computes the matmul

// CHECK:      "ops": [
// CHECK-NEXT: {"op": "matmul", "problem": {"m": 100, "n": 999, "k": 777, {{.*}}"c": "f32", "layout": "nt"}, "operands": {"A": "arg0", "B": "arg1", "C": "result0"}},
// CHECK-NEXT: {"op": "matmul", "problem": {"m": 100, "n": 999, "k": 777, {{.*}}"c": "bf16", "layout": "nt", "epilogue": [{"op": "add", "operand": "E0", "broadcast": "col"}, {"op": "gelu_tanh"}]}, "operands": {"A": "arg0", "B": "arg1", "C": "result1", "E0": "arg2"}}
