// Functions of several ops sharing a dynamic token count: one version-3
// manifest with "ops" (a template of version 2). Every op's rows are the
// symbol M, and so are the token dimension of the arguments, the result and
// the intermediates between ops (temp buffers, sized by the runner for the
// actual M; the last range has no upper bound), tensor maps over token rows,
// and the grids and parameters computed from M; each variant's kernels in
// op order. Every stage's PTX assembles without spills.

// REQUIRES: ptxas
// DEFINE: %{stage} = wgmma
// DEFINE: %{input} = linear-softmax-linear-dynamic-bf16-256x512x128
// DEFINE: %{prefix} = LSL
// DEFINE: %{check} = rm -f %t.json %t.ptx \
// DEFINE:   && gemm-opt %inputs/%{input}.mlir --gemm-stage-%{stage}="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>/dev/null \
// DEFINE:   && FileCheck %s --input-file=%t.json --check-prefixes=%{prefix},COMMON \
// DEFINE:   && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: %{check}
// REDEFINE: %{prefix} = LSL-ANY
// REDEFINE: %{stage} = mma
// RUN: %{check}
// REDEFINE: %{stage} = warptile
// RUN: %{check}
// REDEFINE: %{stage} = smem
// RUN: %{check}
// REDEFINE: %{input} = mlp-swiglu-dynamic-bf16-999x777
// REDEFINE: %{prefix} = MLP
// REDEFINE: %{stage} = wgmma
// RUN: %{check}
// REDEFINE: %{prefix} = MLP-ANY
// REDEFINE: %{stage} = mma
// RUN: %{check}
// REDEFINE: %{stage} = warptile
// RUN: %{check}

// COMMON:      "version": 3,
// COMMON-NOT:  "op":
// COMMON:      "symbols": [{"name": "M", "min": 1, "max": {{[0-9]+}}}],
// COMMON-NEXT: "ops": [

// LSL-NEXT:   {"op":"matmul","operands":{"A":"arg0","B":"arg1","C":"temp0"},"problem":{"a":"bf16","b":"bf16","beta":0,"c":"bf16","k":256,"layout":"nt","m":{"sym":"M"},"n":512}},
// LSL-NEXT:   {"op":"softmax","operands":{"X":"temp0","Y":"temp1"},"problem":{"cols":512,"rows":{"sym":"M"},"x":"bf16","y":"bf16"}},
// LSL-NEXT:   {"op":"matmul","operands":{"A":"temp1","B":"arg2","C":"result0"},"problem":{"a":"bf16","b":"bf16","beta":0,"c":"bf16","k":512,"layout":"nt","m":{"sym":"M"},"n":128}}
// LSL-NEXT: ],
// LSL-NEXT: "buffers": [
// LSL-NEXT:   {"elem":"bf16","name":"arg0","role":"arg","shape":[1,{"sym":"M"},256]},
// LSL-NEXT:   {"elem":"bf16","name":"arg1","role":"arg","shape":[512,256]},
// LSL-NEXT:   {"elem":"bf16","name":"arg2","role":"arg","shape":[128,512]},
// LSL-NEXT:   {"elem":"bf16","name":"result0","role":"result","shape":[1,{"sym":"M"},128]},
// LSL-NEXT:   {"elem":"bf16","name":"temp0","role":"temp","shape":[{"sym":"M"},512]},
// LSL-NEXT:   {"elem":"bf16","name":"temp1","role":"temp","shape":[{"sym":"M"},512]}
// LSL-NEXT: ],
// LSL-NEXT: "variants": [
// LSL-NEXT:   {"when": {"M":[1,1]}, "kernels": [
// LSL-NEXT:     {{.*}}"name":"linear_softmax_linear_m1_op0_kernel","op":0,
// LSL-NEXT:     {{.*}}"name":"linear_softmax_linear_m1_op1_kernel","op":1,
// LSL-NEXT:     {{.*}}"name":"linear_softmax_linear_m1_op2_kernel","op":2,
// LSL-NEXT: {{^ *\]\},$}}
// The swap-AB kernels compute the range's planned rows and store M's.
// LSL-NEXT:   {"when": {"M":[2,8]}, "kernels": [
// LSL-NEXT:     {{.*}}"grid":[32,1,1],"name":"linear_softmax_linear_m8_op0_kernel","op":0,"params":[{"abi":"i64","value":{"sym":"M"}},
// LSL-NEXT:     {{.*}}"grid":[{"sym":"M","ceil_div":2},1,1],"name":"linear_softmax_linear_m8_op1_kernel","op":1,"params":[{"abi":"i64","value":{"sym":"M"}},
// LSL-NEXT:     {{.*}}"name":"linear_softmax_linear_m8_op2_kernel","op":2,"params":[{"abi":"i64","value":{"sym":"M"}},
// LSL-NEXT: {{^ *\]\},$}}
// LSL:        {"when": {"M":[17,2048]}, "kernels": [
// LSL-NEXT:     {{.*}}"grid":[8,{"sym":"M","ceil_div":64},1],"name":"linear_softmax_linear_m2048_op0_kernel","op":0,"params":[{"abi":"tensormap",{{.*}}"buffer":"arg0","dims":[256,{"sym":"M"}],
// LSL-NEXT:     {{.*}}"name":"linear_softmax_linear_m2048_op1_kernel","op":1,
// LSL-NEXT:     {{.*}}"name":"linear_softmax_linear_m2048_op2_kernel","op":2,"params":[{"abi":"tensormap",{{.*}}"buffer":"temp1","dims":[512,{"sym":"M"}],
// LSL-NEXT: {{^ *\]\},$}}
// The last range, planned at 4096, has no upper bound.
// LSL-NEXT:   {"kernels": [
// LSL-NEXT:     {{.*}}"name":"linear_softmax_linear_mmax_op0_kernel","op":0,
// LSL-NEXT:     {{.*}}"name":"linear_softmax_linear_mmax_op1_kernel","op":1,
// LSL-NEXT:     {{.*}}"name":"linear_softmax_linear_mmax_op2_kernel","op":2,
// LSL-NEXT: {{^ *\]\}$}}
// LSL-NEXT: {{^ *\]$}}

// LSL-ANY:      {"elem":"bf16","name":"temp0","role":"temp","shape":[{"sym":"M"},512]},
// LSL-ANY-NEXT: {"elem":"bf16","name":"temp1","role":"temp","shape":[{"sym":"M"},512]}
// LSL-ANY:      {"kernels": [
// LSL-ANY-NEXT:   {{.*}}"grid":[{{.*}}{"sym":"M"{{.*}}"op":0,
// LSL-ANY-NEXT:   {{.*}}"grid":[{"sym":"M"{{.*}}"op":1,
// LSL-ANY-NEXT:   {{.*}}"grid":[{{.*}}{"sym":"M"{{.*}}"op":2,

// The gate's epilogue reads the up projection's result (temp0) by row; the
// intermediates are f32 and bf16 M x 999; the transposed copies of the
// weights in the one-row variant are scratch of static size.
// MLP-NEXT:   {"op":"matmul","operands":{"A":"arg0","B":"arg2","C":"temp0"},"problem":{{.*}}"m":{"sym":"M"},"n":999}},
// MLP-NEXT:   {"op":"matmul","operands":{"A":"arg0","B":"arg1","C":"temp1","E0":"temp0"},"problem":{{.*}}"epilogue":[{"op":"silu"},{"broadcast":"none","op":"mul","operand":"E0"}],{{.*}}"m":{"sym":"M"},"n":999}},
// MLP-NEXT:   {"op":"matmul","operands":{"A":"temp1","B":"arg3","C":"result0"},"problem":{{.*}}"m":{"sym":"M"},"n":777}}
// MLP-NEXT: ],
// MLP-NEXT: "buffers": [
// MLP-NEXT:   {"elem":"bf16","name":"arg0","role":"arg","shape":[{"sym":"M"},777]},
// MLP-NEXT:   {"elem":"bf16","name":"arg1","role":"arg","shape":[999,777]},
// MLP-NEXT:   {"elem":"bf16","name":"arg2","role":"arg","shape":[999,777]},
// MLP-NEXT:   {"elem":"bf16","name":"arg3","role":"arg","shape":[777,999]},
// MLP-NEXT:   {"elem":"bf16","name":"result0","role":"result","shape":[{"sym":"M"},777]},
// MLP-NEXT:   {"elem":"f32","name":"temp0","role":"temp","shape":[{"sym":"M"},999]},
// MLP-NEXT:   {"elem":"bf16","name":"temp1","role":"temp","shape":[{"sym":"M"},999]},
// MLP-NEXT:   {"elem":"bf16","name":"scratch0","role":"scratch","shape":[777,1000]},
// MLP:        "variants": [
// MLP-NEXT:   {"when": {"M":[1,1]}, "kernels": [
// The SIMT kernels of every larger M (K = 777 and 999: no whole 16-byte
// rows for TMA) plan alike: one variant.
// MLP:        {"kernels": [
// MLP-NEXT:     {{.*}}"grid":[16,{"sym":"M","ceil_div":64},1],"name":"mlp_dynamic_mmax_op1_kernel","op":0,"params":[{"abi":"ptr","buffer":"arg0"},{"abi":"i64","value":{"sym":"M"}},
// MLP-NEXT:     {{.*}}"grid":[16,{"sym":"M","ceil_div":64},1],"name":"mlp_dynamic_mmax_op0_kernel","op":1,"params":[{"abi":"ptr","buffer":"arg0"},{"abi":"i64","value":{"sym":"M"}},{"abi":"ptr","buffer":"arg1"},{"abi":"ptr","buffer":"temp1"},{"abi":"ptr","buffer":"temp0"}]},
// MLP-NEXT:     {{.*}}"grid":[13,{"sym":"M","ceil_div":64},1],"name":"mlp_dynamic_mmax_op2_kernel","op":2,"params":[{"abi":"ptr","buffer":"temp1"},{"abi":"i64","value":{"sym":"M"}},
// MLP-NEXT: {{^ *\]\}$}}
// MLP-NEXT: {{^ *\]$}}

// MLP-ANY:      {"elem":"f32","name":"temp0","role":"temp","shape":[{"sym":"M"},999]},
// MLP-ANY-NEXT: {"elem":"bf16","name":"temp1","role":"temp","shape":[{"sym":"M"},999]},
// MLP-ANY:      {"kernels": [
// MLP-ANY-NEXT:   {{.*}}"grid":[{{.*}}{"sym":"M"{{.*}}"op":0,
// MLP-ANY-NEXT:   {{.*}}"grid":[{{.*}}{"sym":"M"{{.*}}"op":1,
// MLP-ANY-NEXT:   {{.*}}"grid":[{{.*}}{"sym":"M"{{.*}}"op":2,
