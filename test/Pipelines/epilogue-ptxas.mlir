// REQUIRES: ptxas
// Fused epilogues through the ladder (issue 16 item 4): the matmul's
// elementwise consumer disappears into the kernel that writes C (the
// consumer's output), which reads the epilogue's operands; the manifest
// lists the steps and the operand buffers E0..; every module assembles
// for sm_90a with no spills.

// DEFINE: %{in} =
// DEFINE: %{stage} =
// DEFINE: %{prefix} =
// DEFINE: %{check} = rm -f %t.ptx %t.json \
// DEFINE:   && gemm-opt %inputs/%{in}.mlir --gemm-stage-%{stage}="ptx-file=%t.ptx manifest-file=%t.json" 2>%t.err \
// DEFINE:      | FileCheck %s --check-prefix=%{prefix} \
// DEFINE:   && FileCheck %s --check-prefix=%{prefix}-JSON --input-file=%t.json \
// DEFINE:   && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=arning \
// DEFINE:      '--implicit-check-not={{ [1-9][0-9]* bytes spill}}'

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// nn.Linear + bias + GELU (tanh), bf16, W stored N x K, tensors.
// REDEFINE: %{in} = matmul-bias-gelu-bf16-512x6144x4096
// REDEFINE: %{stage} = naive
// REDEFINE: %{prefix} = GELU-NAIVE
// RUN: %{check}
// GELU-NAIVE: func.func @linear_gelu(%arg0: memref<512x4096xbf16> {gemm_opt.role = "A"}, %arg1: memref<6144x4096xbf16> {gemm_opt.role = "B"}, %arg2: memref<6144xbf16> {gemm_opt.role = "E0"}) -> memref<512x6144xbf16>
// GELU-NAIVE-SAME: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, c = bf16, epilogue = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0>, <op = "gelu_tanh">]>, k = 4096, m = 512, n = 6144, transpose_b = true>]
// GELU-NAIVE-NOT: memref<512x6144xf32>
// GELU-NAIVE: gpu.launch_func @linear_gelu_kernel::@linear_gelu_kernel blocks in {{.*}} args(%arg0 : memref<512x4096xbf16>, %arg1 : memref<6144x4096xbf16>, %arg2 : memref<6144xbf16>, %{{.*}} : memref<512x6144xbf16>)
// GELU-NAIVE-NOT: gpu.launch_func
// GELU-NAIVE: ex2.approx.ftz.f32
// GELU-NAIVE: rcp.approx.ftz.f32
// GELU-NAIVE-JSON: "problem": {"m": 512, "n": 6144, "k": 4096, "beta": 0, "a": "bf16", "b": "bf16", "c": "bf16", "layout": "nt", "epilogue": [{"op": "add", "operand": "E0", "broadcast": "col"}, {"op": "gelu_tanh"}]},
// GELU-NAIVE-JSON: {"name": "C", "role": "C", "elem": "bf16", "shape": [512, 6144]},
// GELU-NAIVE-JSON-NEXT: {"name": "E0", "role": "E0", "elem": "bf16", "shape": [6144]}
// GELU-NAIVE-JSON: {"abi": "ptr", "buffer": "E0"},
// Split-K (2 splits): the partials get no epilogue, the reduction applies
// it (it alone reads the bias).
// REDEFINE: %{stage} = warptile
// REDEFINE: %{prefix} = GELU-WARPTILE
// RUN: %{check}
// GELU-WARPTILE: gpu.launch_func @linear_gelu_kernel::@linear_gelu_kernel_0 blocks in {{.*}} args(%arg0 : memref<512x4096xbf16>, %{{.*}} : memref<4096x6144xbf16>, %[[P:.+]] : memref<1024x6144xf32>)
// GELU-WARPTILE: gpu.launch_func @linear_gelu_kernel::@linear_gelu_kernel_1 blocks in {{.*}} args(%[[P]] : memref<1024x6144xf32>, %arg2 : memref<6144xbf16>, %{{.*}} : memref<512x6144xbf16>)
// GELU-WARPTILE-JSON: "epilogue": [{"op": "add", "operand": "E0", "broadcast": "col"}, {"op": "gelu_tanh"}]
// GELU-WARPTILE-JSON: "name": "linear_gelu_kernel_1",
// GELU-WARPTILE-JSON: {"abi": "ptr", "buffer": "E0"},
// REDEFINE: %{stage} = mma
// REDEFINE: %{prefix} = GELU-MMA
// RUN: %{check}
// GELU-MMA: gpu.launch_func @linear_gelu_kernel::@linear_gelu_kernel_0 blocks in {{.*}} args(%arg0 : memref<512x4096xbf16>, %{{.*}} : memref<4096x6144xbf16>, %arg2 : memref<6144xbf16>, %{{.*}} : memref<512x6144xbf16>)
// GELU-MMA-JSON: "epilogue": [{"op": "add", "operand": "E0", "broadcast": "col"}, {"op": "gelu_tanh"}]
// wgmma with the TMA store: the epilogue runs before the staging box; 4 x 32
// tiles of 128x192 in clusters of 2 along M (ClusterHeuristics.cpp).
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = GELU-WGMMA
// RUN: %{check}
// GELU-WGMMA: gpu.launch_func @linear_gelu_kernel::@linear_gelu_kernel clusters in (%c2{{.*}}) blocks in {{.*}} args(%{{.*}} : i64, %{{.*}} : i64, %{{.*}} : i64, %arg2 : memref<6144xbf16>)
// GELU-WGMMA-JSON: "epilogue": [{"op": "add", "operand": "E0", "broadcast": "col"}, {"op": "gelu_tanh"}]
// GELU-WGMMA-JSON: "cluster": [2, 1, 1]
// GELU-WGMMA-JSON: {"abi": "tensormap", "buffer": "C", "elem": "bf16"

// Every step kind, memrefs, f16 (bias f16 per column, scale f32 per row,
// 0.5 * residual f16).
// REDEFINE: %{in} = matmul-epilogue-all-f16-1000x999x777
// REDEFINE: %{stage} = naive
// REDEFINE: %{prefix} = ALL
// RUN: %{check}
// REDEFINE: %{stage} = warptile
// RUN: %{check}
// REDEFINE: %{stage} = mma
// RUN: %{check}
// REDEFINE: %{stage} = wgmma
// RUN: %{check}
// ALL: func.func @epilogue(%arg0: memref<1000x777xf16> {gemm_opt.role = "A"}, %arg1: memref<777x999xf16> {gemm_opt.role = "B"}, %arg2: memref<999xf16> {gemm_opt.role = "E0"}, %arg3: memref<1000xf32> {gemm_opt.role = "E1"}, %arg4: memref<1000x999xf16> {gemm_opt.role = "E2"}, %arg5: memref<1000x999xf16> {gemm_opt.role = "C"})
// ALL-SAME: epilogue = #gemm_opt.epilogue<[<op = "mul", scalar = 1.25>, <broadcast = "col", op = "add", operand = 0>, <broadcast = "row", op = "mul", operand = 1>, <broadcast = "none", op = "add", operand = 2, operand_scale = 0.5>, <op = "sub", scalar = 0.25>, <op = "div", scalar = 2.0>, <op = "max", scalar = -4.0>, <op = "min", scalar = 4.0>, <op = "gelu_erf">, <op = "tanh">]>
// ALL-NOT: memref.alloc() : memref<1000x999xf32>
// ALL-JSON: "epilogue": [{"op": "mul", "scalar": 1.25}, {"op": "add", "operand": "E0", "broadcast": "col"}, {"op": "mul", "operand": "E1", "broadcast": "row"}, {"op": "add", "operand": "E2", "broadcast": "none", "operand_scale": 0.5}, {"op": "sub", "scalar": 0.25}, {"op": "div", "scalar": 2}, {"op": "max", "scalar": -4}, {"op": "min", "scalar": 4}, {"op": "gelu_erf"}, {"op": "tanh"}]
// ALL-JSON: {"name": "C", "role": "C", "elem": "f16", "shape": [1000, 999]},
// ALL-JSON-NEXT: {"name": "E0", "role": "E0", "elem": "f16", "shape": [999]},
// ALL-JSON-NEXT: {"name": "E1", "role": "E1", "elem": "f32", "shape": [1000]},
// ALL-JSON-NEXT: {"name": "E2", "role": "E2", "elem": "f16", "shape": [1000, 999]}

// Batched: the residual per entry (3-D, a batch view in the kernel), the
// bias shared by every entry.
// REDEFINE: %{in} = batch-matmul-epilogue-f16-3x130x67x259
// REDEFINE: %{stage} = naive
// REDEFINE: %{prefix} = BATCH
// RUN: %{check}
// REDEFINE: %{stage} = warptile
// RUN: %{check}
// REDEFINE: %{stage} = mma
// RUN: %{check}
// REDEFINE: %{stage} = wgmma
// RUN: %{check}
// BATCH: epilogue = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0>, <broadcast = "none", op = "add", operand = 1>, <op = "relu">]>
// BATCH: gpu.launch_func @batch_epilogue_kernel::@batch_epilogue_kernel{{.*}} blocks in ({{.*}}, {{.*}}, %c3{{.*}}) threads in {{.*}} args({{.*}}%arg3 : memref<3x130x67xf16>{{.*}}%arg2 : memref<67xf32>{{.*}})
// BATCH-JSON: "batch": 3, "epilogue": [{"op": "add", "operand": "E0", "broadcast": "col"}, {"op": "add", "operand": "E1", "broadcast": "none"}, {"op": "relu"}]
// BATCH-JSON: {"name": "E0", "role": "E0", "elem": "f32", "shape": [67]},
// BATCH-JSON-NEXT: {"name": "E1", "role": "E1", "elem": "f16", "shape": [3, 130, 67]}

// Attention with S = Q K^T * 0.125 (a linalg.mul by a filled tensor): the
// scale is the first batch_matmul's epilogue, one kernel op of three.
// REDEFINE: %{in} = attention-scale-batch-f16-3x130x67x259
// REDEFINE: %{stage} = mma
// REDEFINE: %{prefix} = ATTN
// RUN: %{check}
// REDEFINE: %{stage} = wgmma
// RUN: %{check}
// ATTN: func.func private @attention_op0(
// ATTN-SAME: epilogue = #gemm_opt.epilogue<[<op = "mul", scalar = 0.125>]>
// ATTN-NOT: linalg.
// ATTN-JSON: "version": 2,
// ATTN-JSON: {"op": "matmul", "problem": {"m": 130, "n": 259, "k": 67, "beta": 0, "a": "f16", "b": "f16", "c": "f16", "layout": "nt", "batch": 3, "epilogue": [{"op": "mul", "scalar": 0.125}]}, "operands": {"A": "arg0", "B": "arg1", "C": "temp0"}},
// ATTN-JSON-NEXT: {"op": "softmax", "problem": {"rows": 390, "cols": 259, "x": "f16", "y": "f16"}, "operands": {"X": "temp0", "Y": "temp1"}},

// A mask every head shares, at attention's size: the persistent kernel
// stages it like C, through a fourth tensor map (C's 64 x 64 boxes).
// REDEFINE: %{in} = scores-mask-f16-8x2048x2048x128
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = MASK
// RUN: %{check}
// MASK: gemm_opt.problems = [#gemm_opt.matmul<a = f16, b = f16, batch = 8, c = f16, epilogue = #gemm_opt.epilogue<[<broadcast = "batch", op = "add", operand = 0>]>, k = 128, m = 2048, n = 2048>]
// MASK-JSON: "epilogue": [{"op": "add", "operand": "E0", "broadcast": "batch"}]
// MASK-JSON: {"name": "E0", "role": "E0", "elem": "f16", "shape": [2048, 2048]}
// MASK-JSON: {"abi": "tensormap", "buffer": "E0", "elem": "f16", "dims": [2048, 2048], "strides": [4096], "box": [64, 64], "swizzle": 128

// Small M: the weight-streaming GEMV (M = 2) and swap-AB (M = 16) kernels
// write C through the epilogue too (bias, then relu: max.NaN.f32, NaN
// staying NaN).
// REDEFINE: %{in} = matmul-bias-relu-bf16-nt-2x4096x4096
// REDEFINE: %{stage} = mma
// REDEFINE: %{prefix} = SMALLM
// RUN: %{check}
// REDEFINE: %{in} = matmul-bias-relu-bf16-nt-16x4096x4096
// RUN: %{check}
// SMALLM: gpu.launch_func @lin_kernel::@lin_kernel blocks in {{.*}} args(%arg1 : memref<4096x4096xbf16>, %arg0 : memref<{{2|16}}x4096xbf16>, %arg2 : memref<4096xbf16>, %arg3 : memref<{{2|16}}x4096xbf16>)
// SMALLM-NOT: gpu.launch_func
// SMALLM: max.NaN.f32
// SMALLM-JSON: "epilogue": [{"op": "add", "operand": "E0", "broadcast": "col"}, {"op": "relu"}]
