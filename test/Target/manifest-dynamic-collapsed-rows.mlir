// nn.Linear on a [1, tokens, K] activation with a dynamic token count (the
// tokens collapsed to the matmul's rows, the result expanded back before a
// bias add and cast): one version-3 manifest whose A and C keep their 3-D
// shapes, the tokens dimension the symbol M that binds them, at each stage
// with tensor-core or SIMT kernels; every variant assembles without spills.

// REQUIRES: ptxas
// DEFINE: %{stage} = wgmma
// DEFINE: %{check} = rm -f %t.json %t.ptx \
// DEFINE:   && gemm-opt %inputs/linear-3d-dynamic-bf16-999x777.mlir --gemm-stage-%{stage}="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>/dev/null \
// DEFINE:   && FileCheck %s --input-file=%t.json \
// DEFINE:   && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: %{check}
// REDEFINE: %{stage} = mma
// RUN: %{check}
// REDEFINE: %{stage} = warptile
// RUN: %{check}

// CHECK:      "version": 3,
// CHECK:      "symbols": [{"name": "M", "min": 1, "max": {{[0-9]+}}}],
// CHECK-NEXT: "problem": {"a":"bf16","b":"bf16","beta":0,"c":"bf16","epilogue":[{"broadcast":"col","op":"add","operand":"E0"}],"k":777,"layout":"nt","m":{"sym":"M"},"n":999},
// CHECK-NEXT: "buffers": [
// CHECK-NEXT:   {"elem":"bf16","name":"A","role":"A","shape":[1,{"sym":"M"},777]},
// CHECK-NEXT:   {"elem":"bf16","name":"B","role":"B","shape":[999,777]},
// CHECK-NEXT:   {"elem":"bf16","name":"C","role":"C","shape":[1,{"sym":"M"},999]},
// CHECK-NEXT:   {"elem":"f32","name":"E0","role":"E0","shape":[999]}
// CHECK:      "arguments": ["A","B","E0"],
// CHECK:      "variants": [
