// REQUIRES: ptxas
// Grouped-query attention where stacking the query heads of a key head
// declines (a causal mask over the queries; the output transpose(1, 2)),
// through the stage pipelines: each query head is an entry that reads K's
// or V's entry z / 4 (gemm-fold-grouped-repeats; b_group = 4 on the
// problem and in the manifest), K and V read as the function has them, no
// repeat kernel and no broadcast left. Every module assembles for sm_90a
// with no spills.

// DEFINE: %{in} =
// DEFINE: %{stage} =
// DEFINE: %{prefix} =
// DEFINE: %{check} = rm -f %t.ptx %t.json \
// DEFINE:   && gemm-opt %inputs/%{in}.mlir --gemm-stage-%{stage}="ptx-file=%t.ptx manifest-file=%t.json" 2>%t.err \
// DEFINE:      | FileCheck %s --check-prefix=%{prefix} --implicit-check-not=linalg.broadcast \
// DEFINE:   && FileCheck %s --check-prefix=%{prefix}-JSON --input-file=%t.json \
// DEFINE:   && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=arning \
// DEFINE:      '--implicit-check-not={{ [1-9][0-9]* bytes spill}}'

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// Llama-2-70B's attention: a causal mask [1, 1, 130, 67] over 8 query
// heads of 2 key heads. The scores keep 16 entries (grid z = 16), B the
// key heads [4, 67, 72] (stored N x K) read at entry z / 4 (the SIMT rungs'
// transposed copy of K made per key head: grid z = 4), the mask one
// matrix for every entry; P V, with no epilogue, still stacks 4 query
// heads as the 520 rows of one of 4 entries.
// REDEFINE: %{in} = attention-gqa-causal-bf16-2x8x2x130x67x72
// REDEFINE: %{prefix} = CAUSAL
// REDEFINE: %{stage} = naive
// RUN: %{check}
// REDEFINE: %{stage} = warptile
// RUN: %{check}
// REDEFINE: %{stage} = mma
// RUN: %{check}
// REDEFINE: %{stage} = wgmma
// RUN: %{check}
// CAUSAL: func.func @attention({{.+}}%[[K:.+]]: memref<2x2x67x72xbf16>, %[[V:.+]]: memref<2x2x67x72xbf16>, %{{.+}}: memref<1x1x130x67xbf16>)
// CAUSAL: func.func private @attention_op0(%{{.+}}: memref<16x130x72xbf16> {gemm_opt.role = "A"}, %{{.+}}: memref<4x67x72xbf16> {gemm_opt.role = "B"}, %{{.+}}: memref<130x67xbf16> {gemm_opt.role = "E0"}, %{{.+}}: memref<16x130x67xbf16> {gemm_opt.role = "C"})
// CAUSAL-SAME: #gemm_opt.matmul<a = bf16, b = bf16, b_group = 4, batch = 16, c = bf16, epilogue = #gemm_opt.epilogue<[<op = "mul", scalar = {{.+}}>, <broadcast = "batch", op = "add", operand = 0>]>, k = 72, m = 130, n = 67, transpose_b = true>
// CAUSAL: gpu.launch_func @attention_op0_kernel::{{.+}} blocks in (%{{[^,]+}}, %{{[^,]+}}, %c16{{[_0-9]*}})
// CAUSAL: func.func private @attention_op2(%{{.+}}: memref<4x520x67xbf16> {gemm_opt.role = "A"}, %{{.+}}: memref<4x67x72xbf16> {gemm_opt.role = "B"}
// CAUSAL-SAME: #gemm_opt.matmul<a = bf16, b = bf16, batch = 4, c = bf16, k = 67, m = 520, n = 72>
// CAUSAL-JSON: "m": 130, "n": 67, "k": 72, {{.+}} "batch": 16, "b_group": 4, "epilogue": [{"op": "mul", "scalar": {{.+}}}, {"op": "add", "operand": "E0", "broadcast": "batch"}]}, "operands": {"A": "arg0", "B": "arg1", "C": "temp0", "E0": "arg3"}}
// CAUSAL-JSON: "m": 520, "n": 72, "k": 67, {{.+}} "batch": 4}, "operands": {"A": "temp1", "B": "arg2", "C": "result0"}}
// CAUSAL-JSON: {"name": "arg1", "role": "arg", "elem": "bf16", "shape": [2, 2, 67, 72]}

// A SIMT rung that reads B through a transposed copy: one copy per key
// head (grid z = 4), the scores kernel over the 16 entries.
// REDEFINE: %{stage} = smem
// REDEFINE: %{prefix} = COPY
// RUN: %{check}
// COPY: func.func private @attention_op0(
// COPY-SAME: b_group = 4, batch = 16
// COPY: memref.alloc() : memref<4x72x{{[0-9]+}}xbf16>
// COPY-JSON: "grid": [{{[0-9]+}}, {{[0-9]+}}, 4],
// COPY-JSON-NEXT: "block"
// COPY-JSON: "grid": [{{[0-9]+}}, {{[0-9]+}}, 16],

// The output (P V).transpose(1, 2) collapsed to [2, 130, 320]: 16 entries
// writing a C of heads (c_heads = 8), V [2, 2, 72, 40] read at entry z / 4;
// on wgmma through a copy padded to whole K tiles made once per value head
// ([4, 128, 40], grid z = 4), whose tensor map stacks the 4 entries' rows.
// REDEFINE: %{in} = attention-gqa-output-bf16-2x8x2x130x40x72
// REDEFINE: %{prefix} = OUTPUT
// REDEFINE: %{stage} = naive
// RUN: %{check}
// REDEFINE: %{stage} = warptile
// RUN: %{check}
// REDEFINE: %{stage} = mma
// RUN: %{check}
// OUTPUT: func.func @attention_output(%{{.+}}: memref<2x8x130x72xbf16> {gemm_opt.role = "A"}, %[[V:.+]]: memref<2x2x72x40xbf16> {gemm_opt.role = "B"}) -> memref<2x130x320xbf16>
// OUTPUT-SAME: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, b_group = 4, batch = 16, c = bf16, c_heads = 8, k = 72, m = 130, n = 40>]
// OUTPUT: %[[V5:.+]] = memref.expand_shape %[[V]] {{\[}}[0], [1], [2, 3], [4]] output_shape [2, 2, 1, 72, 40]
// OUTPUT: memref.collapse_shape %[[V5]] {{\[}}[0, 1, 2], [3], [4]] : memref<2x2x1x72x40xbf16> into memref<4x72x40xbf16>
// OUTPUT: gpu.launch_func {{.+}} blocks in (%{{[^,]+}}, %{{[^,]+}}, %c16{{[_0-9]*}})
// OUTPUT-NOT: gpu.launch_func
// OUTPUT-JSON: "problem": {"m": 130, "n": 40, "k": 72, "beta": 0, "a": "bf16", "b": "bf16", "c": "bf16", "batch": 16, "c_heads": 8, "b_group": 4},
// OUTPUT-JSON: {"name": "B", "role": "B", "elem": "bf16", "shape": [2, 2, 72, 40]},
// OUTPUT-JSON: {"name": "C", "role": "C", "elem": "bf16", "shape": [2, 130, 320]}
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = OUTPUT-WGMMA
// RUN: %{check}
// OUTPUT-WGMMA: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, b_group = 4, batch = 16, c = bf16, c_heads = 8, k = 72, m = 130, n = 40>]
// OUTPUT-WGMMA: memref.alloc() : memref<4x128x40xbf16>
// OUTPUT-WGMMA: gpu.launch_func {{.+}} blocks in (%{{[^,]+}}, %{{[^,]+}}, %c4{{[_0-9]*}}) {{.+}} args(%{{.+}} : memref<4x72x40xbf16>, %{{.+}} : memref<4x128x40xbf16>)
// OUTPUT-WGMMA: gpu.launch_func {{.+}} blocks in (%{{[^,]+}}, %{{[^,]+}}, %c16{{[_0-9]*}})
// OUTPUT-WGMMA-JSON: "b_group": 4},
// OUTPUT-WGMMA-JSON: {"name": "scratch0", "role": "scratch", "elem": "bf16", "shape": [4, 128, 40]}
// OUTPUT-WGMMA-JSON: "grid": [{{[0-9]+}}, 1, 4],
// OUTPUT-WGMMA-JSON: "grid": [{{[0-9]+}}, {{[0-9]+}}, 16],
// OUTPUT-WGMMA-JSON: {"abi": "tensormap", "buffer": "scratch0", "elem": "bf16", "dims": [40, 512]

// A stored K x M per entry (P^T): A's transposed copy per entry (8), V's
// copy padded to whole K tiles per value head (2) on wgmma; the matmul
// over the 8 entries reads V's entry z / 4.
// REDEFINE: %{in} = gqa-transposed-a-bf16-8x130x40x72
// REDEFINE: %{prefix} = TA
// REDEFINE: %{stage} = mma
// RUN: %{check}
// TA: func.func @transposed_a(%{{.+}}: memref<8x72x130xbf16> {gemm_opt.role = "A"}, %{{.+}}: memref<2x72x40xbf16> {gemm_opt.role = "B"})
// TA-SAME: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, b_group = 4, batch = 8, c = bf16, k = 72, m = 130, n = 40, transpose_a = true>]
// TA-JSON: "layout": "tn", "batch": 8, "b_group": 4},
// TA-JSON: {"name": "scratch0", "role": "scratch", "elem": "bf16", "shape": [8, 130, 72]}
// TA-JSON: "grid": [{{[0-9]+}}, {{[0-9]+}}, 8],
// TA-JSON: "grid": [{{[0-9]+}}, {{[0-9]+}}, 8],
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = TA-WGMMA
// RUN: %{check}
// TA-WGMMA: b_group = 4, batch = 8
// TA-WGMMA-JSON: {"name": "scratch0", "role": "scratch", "elem": "bf16", "shape": [8, 130, 72]}
// TA-WGMMA-JSON: {"name": "scratch1", "role": "scratch", "elem": "bf16", "shape": [2, 128, 40]}
// TA-WGMMA-JSON: "grid": [{{[0-9]+}}, {{[0-9]+}}, 8],
// TA-WGMMA-JSON: "grid": [{{[0-9]+}}, 1, 2],
// TA-WGMMA-JSON: "grid": [{{[0-9]+}}, {{[0-9]+}}, 8],
// TA-WGMMA-JSON: {"abi": "tensormap", "buffer": "scratch1", "elem": "bf16", "dims": [40, 256]

// The warp-specialized persistent kernel that walks every entry's tiles in
// one grid (grid z = 1), from the bufferized form (the broadcast of K into
// a temporary, the matmul tagged gemm_opt.b_group = 4): B's tensor map
// stacks K's 2 entries' rows (1024), a tile's entry from its index and B's
// row from that entry / 4.
// RUN: gemm-opt %inputs/batch-matmul-grouped-b-bf16-nt-8x256x512x128.mlir --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{warp-specialized=1 persistent=1 warpgroups=2 max-registers=168 block-m=128 block-n=256 tma-store=1}))" | FileCheck %s --check-prefix=WS-IR --implicit-check-not=linalg.broadcast
// RUN: gemm-opt %inputs/batch-matmul-grouped-b-bf16-nt-8x256x512x128.mlir --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{warp-specialized=1 persistent=1 warpgroups=2 max-registers=168 block-m=128 block-n=256 tma-store=1}),gemm-lower-to-ptx{chip=sm_90a},gemm-emit-kernels{ptx-file=%t.ws.ptx manifest-file=%t.ws.json stage=ws chip=sm_90a})" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.ws.ptx -o %t.ws.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefix=WS-JSON --input-file=%t.ws.json
// WS-IR: func.func @matmul(%{{.+}}: memref<8x256x128xbf16> {gemm_opt.role = "A"}, %{{.+}}: memref<2x512x128xbf16> {gemm_opt.role = "B"}, %{{.+}}: memref<8x256x512xf32> {gemm_opt.role = "C"})
// WS-IR-NOT: memref.alloc() : memref<2x4x512x128xbf16>
// WS-IR: gpu.launch
// WS-IR: %[[ENTRY:.+]] = arith.divui %{{.+}}, %c4{{.*}} : index
// WS-IR: arith.divui %[[ENTRY]], %c4{{.*}} : index
// WS-IR: gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, b_group = 4, batch = 8, c = f32, k = 128, m = 256, n = 512, transpose_b = true>
// WS-JSON: "problem": {"m": 256, "n": 512, "k": 128, "beta": 0, "a": "bf16", "b": "bf16", "c": "f32", "layout": "nt", "batch": 8, "b_group": 4},
// WS-JSON: {"name": "B", "role": "B", "elem": "bf16", "shape": [2, 512, 128]}
// WS-JSON: "grid": [32, 1, 1],
// WS-JSON: {"abi": "tensormap", "buffer": "B", "elem": "bf16", "dims": [128, 1024], "strides": [256], "box": [64, 256]
