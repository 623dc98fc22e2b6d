// A function of several ops over a static batch beside a dynamic token
// count ([3, ?, 256], collapsed into 3 * tokens rows): the manifest's symbol
// M is every op's rows, a multiple of 3 (its "min", the step of every
// variant's range), the activation's and the result's token dimension
// M / 3, the intermediates and the tensor maps over token rows M. Every
// stage's PTX assembles without spills.

// REQUIRES: ptxas
// DEFINE: %{stage} = wgmma
// DEFINE: %{prefix} = WGMMA
// DEFINE: %{check} = rm -f %t.json %t.ptx \
// DEFINE:   && gemm-opt %inputs/linear-softmax-linear-dynamic-batch3-bf16-256x512x128.mlir --gemm-stage-%{stage}="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>/dev/null \
// DEFINE:   && FileCheck %s --input-file=%t.json --check-prefixes=%{prefix},COMMON \
// DEFINE:   && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: %{check}
// REDEFINE: %{prefix} = ANY
// REDEFINE: %{stage} = mma
// RUN: %{check}
// REDEFINE: %{stage} = softmax-rows
// RUN: %{check}
// REDEFINE: %{stage} = smem
// RUN: %{check}

// COMMON:      "version": 3,
// COMMON:      "symbols": [{"name": "M", "min": 3, "max": {{[0-9]+}}}],
// COMMON-NEXT: "ops": [
// COMMON-NEXT:   {"op":"matmul","operands":{"A":"arg0","B":"arg1","C":"temp0"},"problem":{{.*}}"m":{"sym":"M"},"n":512}},
// COMMON-NEXT:   {"op":"softmax","operands":{"X":"temp0","Y":"temp1"},"problem":{"cols":512,"rows":{"sym":"M"},"x":"bf16","y":"bf16"}},
// COMMON-NEXT:   {"op":"matmul","operands":{"A":"temp1","B":"arg2","C":"result0"},"problem":{{.*}}"m":{"sym":"M"},"n":128}}
// COMMON:      {"elem":"bf16","name":"arg0","role":"arg","shape":[3,{"sym":"M","div":3},256]},
// COMMON:      {"elem":"bf16","name":"result0","role":"result","shape":[3,{"sym":"M","div":3},128]},
// COMMON-NEXT: {"elem":"bf16","name":"temp0","role":"temp","shape":[{"sym":"M"},512]},
// COMMON-NEXT: {"elem":"bf16","name":"temp1","role":"temp","shape":[{"sym":"M"},512]}
// COMMON:      "variants": [
// COMMON-NEXT:   {"when": {"M":[3,3]}, "kernels": [
// Each range a whole number of tokens, three rows apiece; the last
// planned one 2048 tokens (6144 rows), then no bound.
// ANY:           {"when": {"M":[1539,6144]}, "kernels": [
// WGMMA:         {"when": {"M":[6,9]}, "kernels": [
// WGMMA:         {"when": {"M":[12,1536]}, "kernels": [
// WGMMA-NEXT:      {{.*}}"params":[{"abi":"tensormap","box":[64,64],"buffer":"arg0","dims":[256,{"sym":"M"}],
// WGMMA-NEXT:      {{.*}}"grid":[{"sym":"M","ceil_div":{{[0-9]+}}},1,1],"name":"linear_softmax_linear_m512_op1_kernel","op":1,"params":[{"abi":"i64","value":{"sym":"M"}},
// WGMMA-NEXT:      {{.*}}"buffer":"temp1","dims":[512,{"sym":"M"}],
