// REQUIRES: ptxas
// What torch-mlir and other frontends write around a matmul, through the
// stage pipelines: a linalg.transpose of nn.Linear's W (N x K) or of
// attention's K, folded into the matmul's layout (no copy kernel of its
// own); a bias broadcast into the matmul's initial C, moved into its
// epilogue; 4-D operands collapsed into one batch and the result expanded
// back (the kernels read and write reshapes of the 4-D buffers, which the
// manifest describes as the function has them); matrix-vector products
// as matmuls of one row; a transposed matmul result computed as the
// matmul of B and A. Every module assembles for sm_90a with no spills.

// DEFINE: %{in} =
// DEFINE: %{stage} =
// DEFINE: %{prefix} =
// DEFINE: %{check} = rm -f %t.ptx %t.json \
// DEFINE:   && gemm-opt %inputs/%{in}.mlir --gemm-stage-%{stage}="ptx-file=%t.ptx manifest-file=%t.json" \
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

// torch.matmul of 4-D operands with a bias and a cast: one batch of 2 x 3
// entries, read and written through reshapes of the 4-D buffers, the 4-D
// epilogue fused.
// REDEFINE: %{in} = batch-matmul-4d-bf16-2x3x130x67x259
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = MM4D
// RUN: %{check} && FileCheck %s --input-file %t.json --check-prefix=MM4D-JSON
// MM4D: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, batch = 6, c = bf16, epilogue = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0>]>, k = 259, m = 130, n = 67>]
// MM4D-NOT: memref.expand_shape
// MM4D: return %{{.+}} : memref<2x3x130x67xbf16>
// MM4D-JSON: "problem": {"m": 130, "n": 67, "k": 259, "beta": 0, "a": "bf16", "b": "bf16", "c": "bf16", "batch": 6, "epilogue": [{"op": "add", "operand": "E0", "broadcast": "col"}]},
// MM4D-JSON-NEXT: "buffers": [
// MM4D-JSON-NEXT: {"name": "A", "role": "A", "elem": "bf16", "shape": [2, 3, 130, 259]},
// MM4D-JSON-NEXT: {"name": "B", "role": "B", "elem": "bf16", "shape": [2, 3, 259, 67]},
// MM4D-JSON-NEXT: {"name": "C", "role": "C", "elem": "bf16", "shape": [2, 3, 130, 67]},
// MM4D-JSON-NEXT: {"name": "E0", "role": "E0", "elem": "f32", "shape": [67]}

// REDEFINE: %{stage} = mma
// RUN: %{check}

// Multi-head attention on 4-D tensors in one function: K^T folded, the
// softmax over the 4-D scores' keys, the output written as (b, h, q, d).
// REDEFINE: %{in} = attention-4d-f16-2x3x130x67x72
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = ATT4D
// RUN: %{check} && FileCheck %s --input-file %t.json --check-prefix=ATT4D-JSON
// ATT4D: gemm_opt.problems = [#gemm_opt.matmul<a = f16, b = f16, batch = 6, c = f16, k = 72, m = 130, n = 67, transpose_b = true>]
// ATT4D: gemm_opt.problems = [#gemm_opt.softmax<cols = 67, rows = 780, x = f16, y = f16>]
// ATT4D: gemm_opt.problems = [#gemm_opt.matmul<a = f16, b = f16, batch = 6, c = f16, k = 67, m = 130, n = 72>]
// ATT4D-JSON: "ops": [
// ATT4D-JSON-NEXT: {"op": "matmul", "problem": {"m": 130, "n": 67, "k": 72, "beta": 0, "a": "f16", "b": "f16", "c": "f16", "layout": "nt", "batch": 6}, "operands": {"A": "arg0", "B": "arg1", "C": "temp0"}},
// ATT4D-JSON-NEXT: {"op": "softmax", "problem": {"rows": 780, "cols": 67, "x": "f16", "y": "f16"}, "operands": {"X": "temp0", "Y": "temp1"}},
// ATT4D-JSON-NEXT: {"op": "matmul", "problem": {"m": 130, "n": 72, "k": 67, "beta": 0, "a": "f16", "b": "f16", "c": "f16", "batch": 6}, "operands": {"A": "temp1", "B": "arg2", "C": "result0"}}
// ATT4D-JSON: {"name": "result0", "role": "result", "elem": "f16", "shape": [2, 3, 130, 72]}

// torch.mv: one row of x^T * W^T (M = 1, W read as N x K), x and y read
// and written as the vectors they are.
// REDEFINE: %{in} = matvec-bf16-999x777
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = MV
// RUN: %{check} && FileCheck %s --input-file %t.json --check-prefix=MV-JSON
// MV: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 777, m = 1, n = 999, transpose_b = true>]
// MV-NOT: linalg.matvec
// MV-JSON: "problem": {"m": 1, "n": 999, "k": 777, "beta": 0, "a": "bf16", "b": "bf16", "c": "f32", "layout": "nt"},
// MV-JSON-NEXT: "buffers": [
// MV-JSON-NEXT: {"name": "A", "role": "A", "elem": "bf16", "shape": [777]},
// MV-JSON-NEXT: {"name": "B", "role": "B", "elem": "bf16", "shape": [999, 777]},
// MV-JSON-NEXT: {"name": "C", "role": "C", "elem": "f32", "shape": [999]},

// A batch of vectors times a batch of matrices, on memrefs.
// REDEFINE: %{in} = batch-vecmat-f16-3x777x130
// REDEFINE: %{stage} = mma
// REDEFINE: %{prefix} = VM
// RUN: %{check}
// VM: gemm_opt.problems = [#gemm_opt.matmul<a = f16, b = f16, batch = 3, c = f16, k = 777, m = 1, n = 130>]

// bf16 operands extended to f32 before an f32 matmul: the bf16 matmul,
// on the tensor cores.
// REDEFINE: %{in} = matmul-extended-bf16-130x67x259
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = EXT
// RUN: %{check}
// EXT: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 259, m = 130, n = 67>]
// EXT-NOT: arith.extf

// (x @ w).t(), cast to bf16: the matmul of w (read K x N: A transposed) and
// x (read M x K: B transposed), M and N exchanged, the cast its epilogue;
// no transpose left.
// REDEFINE: %{in} = result-transpose-bf16-1000x999x777
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = RESULT-T
// RUN: %{check}
// RESULT-T: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, c = bf16, k = 777, m = 999, n = 1000, transpose_a = true, transpose_b = true>]
// RESULT-T-NOT: linalg.transpose
// RESULT-T: gpu.launch_func

// A batch's result with its last two dimensions swapped (a permuting
// linalg.generic): the batch_matmul of b and a, b's entries read (n, k) as
// A's (m, k) and a's (m, k) as B's (n, k).
// REDEFINE: %{in} = batch-result-transpose-f16-3x130x67x259
// REDEFINE: %{stage} = mma
// REDEFINE: %{prefix} = BATCH-RESULT-T
// RUN: %{check}
// BATCH-RESULT-T: gemm_opt.problems = [#gemm_opt.matmul<a = f16, b = f16, batch = 3, c = f32, k = 259, m = 67, n = 130, transpose_b = true>]
// BATCH-RESULT-T: gpu.launch_func

// relu(x @ W^T + bias).t() cast to bf16: the transpose moves above the
// elementwise op, the matmul of W and x (nt) takes the bias as a vector of
// its rows and the ReLU as its epilogue.
// REDEFINE: %{in} = linear-bias-relu-transposed-bf16-1000x999x777
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = LINEAR-T
// RUN: %{check}
// LINEAR-T: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, c = bf16, epilogue = #gemm_opt.epilogue<[<broadcast = "row", op = "add", operand = 0>, <op = "relu">]>, k = 777, m = 999, n = 1000, transpose_b = true>]
// LINEAR-T-NOT: linalg.transpose
// LINEAR-T: gpu.launch_func

// torch.matmul(a, b).transpose(-2, -1) on 4-D operands: the transpose of
// the expanded batch result moves before the expand, the batch_matmul of
// b and a (tt, batch 6) writes the 4-D transposed result.
// REDEFINE: %{in} = batch-matmul-4d-transposed-f16-2x3x130x67x259
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = MM4D-T
// RUN: %{check}
// MM4D-T: gemm_opt.problems = [#gemm_opt.matmul<a = f16, b = f16, batch = 6, c = f32, k = 259, m = 67, n = 130, transpose_a = true, transpose_b = true>]
// MM4D-T-NOT: linalg.transpose
// MM4D-T: gpu.launch_func

// nn.Linear on a 3-D activation (torch-mlir's collapse to rows, the result
// expanded back before a 3-D bias add and cast): one matmul of the 1000
// rows, the kernels reading and writing the collapsed 3-D buffers, which
// the manifest keeps in the function's shapes.
// REDEFINE: %{in} = linear-3d-bf16-2x500x999x777
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = LINEAR-3D
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=LINEAR-3D-MANIFEST
// LINEAR-3D: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, c = bf16, epilogue = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0>]>, k = 777, m = 1000, n = 999, transpose_b = true>]
// LINEAR-3D: memref.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : memref<2x500x777xbf16> into memref<1000x777xbf16>
// LINEAR-3D: gpu.launch_func
// LINEAR-3D-MANIFEST: {"name": "A", "role": "A", "elem": "bf16", "shape": [2, 500, 777]}
// LINEAR-3D-MANIFEST: {"name": "C", "role": "C", "elem": "bf16", "shape": [2, 500, 999]}

// einsum("bsk,nk->bsn") as a generic (B shared, stored N x K, which
// linalg.batch_matmul cannot express): one matmul of the 3 * 130 rows.
// REDEFINE: %{in} = einsum-shared-b-nk-f16-3x130x67x259
// REDEFINE: %{stage} = mma
// REDEFINE: %{prefix} = EINSUM-NK
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=EINSUM-NK-MANIFEST
// EINSUM-NK: gemm_opt.problems = [#gemm_opt.matmul<a = f16, b = f16, c = f16, k = 259, m = 390, n = 67, transpose_b = true>]
// EINSUM-NK-NOT: linalg.generic
// EINSUM-NK: gpu.launch_func
// EINSUM-NK-MANIFEST: {"name": "A", "role": "A", "elem": "f16", "shape": [3, 130, 259]}
// EINSUM-NK-MANIFEST: {"name": "B", "role": "B", "elem": "f16", "shape": [67, 259]}
// EINSUM-NK-MANIFEST: {"name": "C", "role": "C", "elem": "f16", "shape": [3, 130, 67]}

// Q scaled before Q K^T: the scale becomes the kernel's epilogue (no
// kernel of its own).
// REDEFINE: %{in} = attention-scores-scaled-q-bf16-3x130x130x64
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = SCALED-Q
// RUN: %{check}
// SCALED-Q: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, batch = 3, c = f32, epilogue = #gemm_opt.epilogue<[<op = "mul", scalar = 0.125>]>, k = 64, m = 130, n = 130>]
// SCALED-Q-NOT: arith.divf
// SCALED-Q: gpu.launch_func

// A Llama MLP after CSE: the gate and up projections share one zero fill
// (each gets its own), silu(gate) * up reads both results. The up
// projection's kernel runs first; the gate's epilogue computes
// silu(gate) * up from it and casts to bf16; the down projection reads
// that. Three matmul kernels, no elementwise one.
// REDEFINE: %{in} = mlp-swiglu-bf16-37x999x777
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = MLP
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=MLP-MANIFEST
// MLP: call @mlp_op1(%arg0, %arg2, %[[UP:.+]]) :
// MLP: call @mlp_op0(%arg0, %arg1, %[[UP]], %[[H:.+]]) :
// MLP: call @mlp_op2(%[[H]], %arg3, %{{.+}}) :
// MLP: func.func private @mlp_op0({{.+}}gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, c = bf16, epilogue = #gemm_opt.epilogue<[<op = "silu">, <broadcast = "none", op = "mul", operand = 0>]>, k = 777, m = 37, n = 999, transpose_b = true>]
// MLP-NOT: linalg.generic
// MLP-MANIFEST: {"op": "matmul", {{.+}} "c": "f32", "layout": "nt"}, "operands": {"A": "arg0", "B": "arg2", "C": "temp0"}},
// MLP-MANIFEST-NEXT: {"op": "matmul", {{.+}} "epilogue": [{"op": "silu"}, {"op": "mul", "operand": "E0", "broadcast": "none"}]}, "operands": {"A": "arg0", "B": "arg1", "C": "temp1", "E0": "temp0"}},
// MLP-MANIFEST-NEXT: {"op": "matmul", "problem": {"m": 37, "n": 777, "k": 999, {{.+}}, "operands": {"A": "temp1", "B": "arg3", "C": "result0"}}

// Attention with an additive mask [1, 1, 130, 67] (torch-mlir's decomposed
// scaled_dot_product_attention with attn_mask; 2 x 3 heads): the mask,
// read through (b, h, i, j) -> (0, 0, i, j), is one 130 x 67 matrix for
// every batch entry (broadcast "batch"), added after the scale in the
// scores kernel's epilogue; the runner binds it as the function has it.
// REDEFINE: %{in} = attention-mask-f16-2x3x130x67x72
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = MASK
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=MASK-MANIFEST
// MASK: call @attention_op0(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) : (memref<6x130x72xf16>, memref<6x67x72xf16>, memref<130x67xf16>, memref<6x130x67xf16>)
// MASK: func.func private @attention_op0({{.+}}%arg2: memref<130x67xf16> {gemm_opt.role = "E0"}{{.+}}epilogue = #gemm_opt.epilogue<[<op = "mul", scalar = {{.+}}>, <broadcast = "batch", op = "add", operand = 0>]>, k = 72, m = 130, n = 67, transpose_b = true>]
// MASK-MANIFEST: "batch": 6, "epilogue": [{"op": "mul", "scalar": 0.11785888671875}, {"op": "add", "operand": "E0", "broadcast": "batch"}]}, "operands": {"A": "arg0", "B": "arg1", "C": "temp0", "E0": "arg3"}},
// MASK-MANIFEST: {"name": "arg3", "role": "arg", "elem": "f16", "shape": [1, 1, 130, 67]},

// A decode step's scores with a key-padding mask [1, 1, 1, 48] read
// through (b, h, i, j) -> (0, 0, 0, j): one value per key (broadcast
// "col"), bound as the function has it.
// REDEFINE: %{in} = decode-scores-mask-f16-2x3x1x48x32
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = KEYPAD
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=KEYPAD-MANIFEST
// KEYPAD: gemm_opt.problems = [#gemm_opt.matmul<a = f16, b = f16, batch = 6, c = f16, epilogue = #gemm_opt.epilogue<[<op = "mul", scalar = 0.125>, <broadcast = "col", op = "add", operand = 0>]>, k = 32, m = 1, n = 48>]
// KEYPAD-MANIFEST: {"name": "E0", "role": "E0", "elem": "f16", "shape": [1, 1, 1, 48]}

// A Gram matrix x @ x.T: one buffer read as A and as B (N x K). The
// function's op is outlined into a function taking it twice (roles A and
// B), called with the same argument; the manifest binds both to it.
// REDEFINE: %{in} = gram-bf16-1000x777
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = GRAM
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=GRAM-MANIFEST
// GRAM: func.func @gram(%[[X:.+]]: memref<1000x777xbf16>) -> memref<1000x1000xf32>
// GRAM: call @gram_op0(%[[X]], %[[X]], %{{.+}}) : (memref<1000x777xbf16>, memref<1000x777xbf16>, memref<1000x1000xf32>) -> ()
// GRAM: func.func private @gram_op0(%{{.+}}: memref<1000x777xbf16> {gemm_opt.role = "A"}, %{{.+}}: memref<1000x777xbf16> {gemm_opt.role = "B"}, %{{.+}}: memref<1000x1000xf32> {gemm_opt.role = "C"})
// GRAM-MANIFEST: "operands": {"A": "arg0", "B": "arg0", "C": "result0"}

// Attention with a mask per sequence [2, 1, 130, 67] over 3 heads: the add
// collapses onto the batch of 6 and reads the mask [2, 130, 67] through
// (z floordiv 3, i, j), broadcast "group" with span 3; the runner binds
// the mask as the function has it.
// REDEFINE: %{in} = attention-seqmask-f16-2x3x130x67x72
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = SEQMASK
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=SEQMASK-MANIFEST
// SEQMASK: func.func private @attention_op0({{.+}}%arg2: memref<2x130x67xf16> {gemm_opt.role = "E0"}{{.+}}<broadcast = "group", op = "add", operand = 0, span = 3>
// SEQMASK-MANIFEST: "batch": 6, "epilogue": [{"op": "mul", "scalar": 0.11785888671875}, {"op": "add", "operand": "E0", "broadcast": "group", "span": 3}]
// SEQMASK-MANIFEST: {"name": "arg3", "role": "arg", "elem": "f16", "shape": [2, 1, 130, 67]}

// A key-padding mask per sequence [2, 1, 1, 67] over 3 heads (an
// encoder's extended attention mask): the add collapses onto the batch of
// 6 and reads the mask [2, 67] through (z floordiv 3, j), broadcast "col"
// with span 3, on the SIMT, mma and wgmma kernels alike.
// REDEFINE: %{in} = attention-keypad-bf16-2x3x130x67x72
// REDEFINE: %{prefix} = KEYSEQ
// REDEFINE: %{stage} = warptile
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=KEYSEQ-MANIFEST
// REDEFINE: %{stage} = mma
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=KEYSEQ-MANIFEST
// REDEFINE: %{stage} = wgmma
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=KEYSEQ-MANIFEST
// KEYSEQ: func.func private @attention_op0({{.+}}%arg2: memref<2x67xbf16> {gemm_opt.role = "E0"}{{.+}}<broadcast = "col", op = "add", operand = 0, span = 3>
// KEYSEQ-MANIFEST: {"op": "add", "operand": "E0", "broadcast": "col", "span": 3}
// KEYSEQ-MANIFEST: {"name": "arg3", "role": "arg", "elem": "bf16", "shape": [2, 1, 1, 67]}

// Grouped-query attention (8 query heads over 2 key / value heads, K and
// V repeated by a linalg.generic as Llama's repeat_kv): the 4 query heads
// of a key head are the 520 rows of one of 4 entries in both matmuls, K
// and V read as the function has them (no repeat kernel, no copy), the
// key-padding mask a vector per 2 entries.
// REDEFINE: %{in} = attention-gqa-bf16-2x8x2x130x67x72
// REDEFINE: %{prefix} = GQA
// REDEFINE: %{stage} = mma
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=GQA-MANIFEST
// REDEFINE: %{stage} = wgmma
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=GQA-MANIFEST
// GQA: func.func @attention({{.+}}%[[K:.+]]: memref<2x2x67x72xbf16>
// GQA: memref.collapse_shape %[[K]] {{\[}}[0, 1], [2], [3]] : memref<2x2x67x72xbf16> into memref<4x67x72xbf16>
// GQA: func.func private @attention_op0(%{{.+}}: memref<4x520x72xbf16> {gemm_opt.role = "A"}, %{{.+}}: memref<4x67x72xbf16> {gemm_opt.role = "B"}, %{{.+}}: memref<2x67xbf16> {gemm_opt.role = "E0"}
// GQA-SAME: <broadcast = "col", op = "add", operand = 0, span = 2>
// GQA: func.func private @attention_op2(%{{.+}}: memref<4x520x67xbf16> {gemm_opt.role = "A"}, %{{.+}}: memref<4x67x72xbf16> {gemm_opt.role = "B"}
// GQA-MANIFEST: "m": 520, "n": 67, "k": 72, {{.+}} "batch": 4, "epilogue": [{"op": "mul", "scalar": {{.+}}}, {"op": "add", "operand": "E0", "broadcast": "col", "span": 2}]}, "operands": {"A": "arg0", "B": "arg1", "C": "temp0", "E0": "arg3"}}
// GQA-MANIFEST: "m": 520, "n": 72, "k": 67, {{.+}} "batch": 4}, "operands": {"A": "temp1", "B": "arg2", "C": "result0"}}
// GQA-MANIFEST: {"name": "arg1", "role": "arg", "elem": "bf16", "shape": [2, 2, 67, 72]}

// A bias per head [1, 3, 130, 67] shared by the 2 sequences: (z mod 3, i,
// j) on [3, 130, 67], broadcast "cycle" with span 3.
// REDEFINE: %{in} = attention-headbias-bf16-2x3x130x67x72
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = HEADBIAS
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=HEADBIAS-MANIFEST
// HEADBIAS: func.func private @attention_op0({{.+}}%arg2: memref<3x130x67xbf16> {gemm_opt.role = "E0"}{{.+}}<broadcast = "cycle", op = "add", operand = 0, span = 3>
// HEADBIAS-MANIFEST: {"op": "add", "operand": "E0", "broadcast": "cycle", "span": 3}
// HEADBIAS-MANIFEST: {"name": "arg3", "role": "arg", "elem": "bf16", "shape": [1, 3, 130, 67]}

// A column bias per head [1, 3, 1, 67] shared by the 2 sequences and the
// queries: (z mod 3, j) on [3, 67], broadcast "col" with span 3 and
// cycle, read like the key-padding mask per sequence (a 1-D view of the
// 2-D buffer, at entry z mod 3) on every rung.
// REDEFINE: %{in} = attention-headcolbias-bf16-2x3x130x67x72
// REDEFINE: %{prefix} = HEADCOL
// REDEFINE: %{stage} = naive
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=HEADCOL-MANIFEST
// REDEFINE: %{stage} = warptile
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=HEADCOL-MANIFEST
// REDEFINE: %{stage} = mma
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=HEADCOL-MANIFEST
// REDEFINE: %{stage} = wgmma
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=HEADCOL-MANIFEST
// HEADCOL: func.func private @attention_op0({{.+}}%arg2: memref<3x67xbf16> {gemm_opt.role = "E0"}{{.+}}<broadcast = "col", cycle = true, op = "add", operand = 0, span = 3>
// HEADCOL-MANIFEST: "batch": 6, "epilogue": [{"op": "mul", "scalar": {{.+}}}, {"op": "add", "operand": "E0", "broadcast": "col", "span": 3, "cycle": true}]
// HEADCOL-MANIFEST: {"name": "arg3", "role": "arg", "elem": "bf16", "shape": [1, 3, 1, 67]}

// A row bias per head [1, 3, 130, 1]: (z mod 3, i) on [3, 130], broadcast
// "row" with span 3 and cycle.
// REDEFINE: %{in} = attention-headrowbias-bf16-2x3x130x67x72
// REDEFINE: %{prefix} = HEADROW
// REDEFINE: %{stage} = warptile
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=HEADROW-MANIFEST
// REDEFINE: %{stage} = wgmma
// RUN: %{check}
// RUN: FileCheck %s --input-file %t.json --check-prefix=HEADROW-MANIFEST
// HEADROW: func.func private @attention_op0({{.+}}%arg2: memref<3x130xbf16> {gemm_opt.role = "E0"}{{.+}}<broadcast = "row", cycle = true, op = "add", operand = 0, span = 3>
// HEADROW-MANIFEST: {"op": "add", "operand": "E0", "broadcast": "row", "span": 3, "cycle": true}
// HEADROW-MANIFEST: {"name": "arg3", "role": "arg", "elem": "bf16", "shape": [1, 3, 130, 1]}
