// REQUIRES: ptxas
// What torch-mlir and other frontends write around a matmul, through the
// stage pipelines: a linalg.transpose of nn.Linear's W (N x K) or of
// attention's K, folded into the matmul's layout (no copy kernel of its
// own), and a bias broadcast into the matmul's initial C, moved into its
// epilogue. Every module assembles for sm_90a with no spills.

// DEFINE: %{in} =
// DEFINE: %{stage} =
// DEFINE: %{prefix} =
// DEFINE: %{check} = rm -f %t.ptx \
// DEFINE:   && gemm-opt %inputs/%{in}.mlir --gemm-stage-%{stage}="ptx-file=%t.ptx" \
// DEFINE:      | FileCheck %s --check-prefix=%{prefix} \
// DEFINE:   && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=arning \
// DEFINE:      '--implicit-check-not={{ [1-9][0-9]* bytes spill}}'

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// nn.Linear (x * transpose(W) + bias, cast to bf16): W read as N x K, the
// bias in the epilogue; wgmma reads B K-major as stored (its rows, 777
// elements, are staged into 16-byte-aligned copies: the padded staging
// of any unaligned operand, not a transpose).
// REDEFINE: %{in} = linear-transpose-bf16-1000x999x777
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = LINEAR
// RUN: %{check}
// LINEAR: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, c = bf16, epilogue = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0>]>, k = 777, m = 1000, n = 999, transpose_b = true>]
// LINEAR-NOT: linalg.transpose
// LINEAR: gpu.launch_func

// The bias as the initial C, A transposed by a linalg.transpose: A read as
// K x M, the bias in the epilogue.
// REDEFINE: %{in} = linear-bias-init-f16-tn-1000x999x777
// REDEFINE: %{stage} = mma
// REDEFINE: %{prefix} = INIT
// RUN: %{check}
// INIT: gemm_opt.problems = [#gemm_opt.matmul<a = f16, b = f16, c = f32, epilogue = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0>]>, k = 777, m = 1000, n = 999, transpose_a = true>]

// REDEFINE: %{stage} = warptile
// REDEFINE: %{prefix} = INIT
// RUN: %{check}

// Attention scores Q * transpose(K) per batch entry.
// REDEFINE: %{in} = attention-scores-transpose-f16-3x130x67x259
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = SCORES
// RUN: %{check}
// SCORES: gemm_opt.problems = [#gemm_opt.matmul<a = f16, b = f16, batch = 3, c = f32, k = 259, m = 130, n = 67, transpose_b = true>]
