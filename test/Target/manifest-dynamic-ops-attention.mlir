// Attention over a dynamic count of entries (S = (Q K^T) * 0.125,
// P = softmax(S), O = P V; every op batched over the one dynamic leading
// dimension): one version-3 manifest of ops whose symbol batch is each
// matmul's batch, the softmax's rows (batch * 130: its parameter too, and
// its grid whole entries' blocks), the first dimension of every buffer
// (arguments, result, the intermediates S and P and the kernels' scratch,
// sized by the runner at run time), the outer extent of every tensor map
// over entries (batch * rows) and the matmuls' grid z. One variant, no
// range. With a static [130, 67] mask added to S (broadcast over the
// entries) the mask keeps its shape. Every stage's PTX assembles without
// spills.

// REQUIRES: ptxas
// DEFINE: %{stage} = wgmma
// DEFINE: %{input} = attention-dynamic-batch-bf16-130x67x72
// DEFINE: %{prefix} = COMMON,WGMMA
// DEFINE: %{check} = rm -f %t.json %t.ptx \
// DEFINE:   && gemm-opt %inputs/%{input}.mlir --gemm-stage-%{stage}="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>/dev/null \
// DEFINE:   && FileCheck %s --input-file=%t.json --check-prefixes=%{prefix} \
// DEFINE:   && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: %{check}
// REDEFINE: %{prefix} = COMMON,ANY
// REDEFINE: %{stage} = mma
// RUN: %{check}
// REDEFINE: %{stage} = softmax-rows
// RUN: %{check}
// REDEFINE: %{stage} = warptile
// RUN: %{check}
// REDEFINE: %{input} = attention-mask-dynamic-batch-bf16-130x67x72
// REDEFINE: %{prefix} = MASK
// REDEFINE: %{stage} = wgmma
// RUN: %{check}
// REDEFINE: %{stage} = mma
// RUN: %{check}

// COMMON:      "version": 3,
// COMMON:      "symbols": [{"name": "batch", "min": 1, "max": 65535}],
// COMMON-NEXT: "ops": [
// COMMON-NEXT:   {"op":"matmul","operands":{"A":"arg0","B":"arg1","C":"temp0"},"problem":{{.*}}"batch":{"sym":"batch"},{{.*}}"epilogue":[{"op":"mul","scalar":0.125}],"k":72,"layout":"nt","m":130,"n":67}},
// COMMON-NEXT:   {"op":"softmax","operands":{"X":"temp0","Y":"temp1"},"problem":{"cols":67,"rows":{"sym":"batch","mul":130},"x":"bf16","y":"bf16"}},
// COMMON-NEXT:   {"op":"matmul","operands":{"A":"temp1","B":"arg2","C":"result0"},"problem":{{.*}}"batch":{"sym":"batch"},{{.*}}"k":67,"m":130,"n":72}}
// COMMON:      {"elem":"bf16","name":"arg0","role":"arg","shape":[{"sym":"batch"},130,72]},
// COMMON-NEXT: {"elem":"bf16","name":"arg1","role":"arg","shape":[{"sym":"batch"},67,72]},
// COMMON-NEXT: {"elem":"bf16","name":"arg2","role":"arg","shape":[{"sym":"batch"},67,72]},
// COMMON-NEXT: {"elem":"bf16","name":"result0","role":"result","shape":[{"sym":"batch"},130,72]},
// COMMON-NEXT: {"elem":"bf16","name":"temp0","role":"temp","shape":[{"sym":"batch"},130,67]},
// COMMON-NEXT: {"elem":"bf16","name":"temp1","role":"temp","shape":[{"sym":"batch"},130,67]}
// ANY-NEXT:    {"elem":"bf16","name":"scratch0","role":"scratch","shape":[{"sym":"batch"},72,72]}
// COMMON:      "variants": [
// COMMON-NEXT:   {"kernels": [
// WGMMA-NEXT:      {{.*}}"grid":[2,1,{"sym":"batch"}],"name":"attention_batchmax_op0_kernel","op":0,"params":[{"abi":"ptr","buffer":"temp0"},{"abi":"tensormap",{{.*}}"buffer":"arg0","dims":[72,{"sym":"batch","mul":130}],{{.*}}"buffer":"arg1","dims":[72,{"sym":"batch","mul":67}],
// ANY:             {{.*}}"grid":[2,3,{"sym":"batch"}],"name":"attention_batchmax_op0_kernel_0","op":0,
// COMMON-NEXT:     {{.*}}"grid":[{"sym":"batch","mul":3},1,1],"name":"attention_batchmax_op1_kernel","op":1,"params":[{"abi":"i64","value":{"sym":"batch","mul":130}},{"abi":"ptr","buffer":"temp0"},{"abi":"ptr","buffer":"temp1"}]},
// COMMON-NEXT:     {{.*}}"grid":[2,3,{"sym":"batch"}],"name":"attention_batchmax_op2_kernel","op":2,
// COMMON-NEXT: {{^ +\]\}$}}
// COMMON-NEXT: {{^ +\]$}}

// MASK:      "symbols": [{"name": "batch", "min": 1, "max": 65535}],
// MASK:      {"op":"matmul","operands":{"A":"arg0","B":"arg1","C":"temp0","E0":"arg3"},"problem":{{.*}}"batch":{"sym":"batch"},{{.*}}"epilogue":[{"op":"mul","scalar":0.125},{"broadcast":"batch","op":"add","operand":"E0"}],
// MASK-NEXT: {"op":"softmax","operands":{"X":"temp0","Y":"temp1"},"problem":{"cols":67,"rows":{"sym":"batch","mul":130},
// MASK:      {"elem":"bf16","name":"arg2","role":"arg","shape":[{"sym":"batch"},67,72]},
// MASK-NEXT: {"elem":"bf16","name":"arg3","role":"arg","shape":[130,67]},
// MASK-NEXT: {"elem":"bf16","name":"result0","role":"result","shape":[{"sym":"batch"},130,72]},
// MASK-NEXT: {"elem":"bf16","name":"temp0","role":"temp","shape":[{"sym":"batch"},130,67]},
// MASK:      "grid":[{{[0-9]+}},{{[0-9]+}},{"sym":"batch"}],"name":"attention_batchmax_op0_kernel{{(_0)?}}","op":0,
