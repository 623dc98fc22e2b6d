// REQUIRES: ptxas
// Attention's output (P @ V).transpose(1, 2) through the stage pipelines
// (issue 16, model IR): no copy kernel; the batch matmul's kernel writes
// the [b, q, h, d] result (or its collapse to [b, q, h * d]) in place,
// entry z at (z / h, 0, z % h, 0), rows h * d elements apart. The problem
// and the manifest record c_heads = h and C with the function's shape;
// wgmma stores C from registers (a pointer parameter, no tensor map).
// Every module assembles for sm_90a with no spills.

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

// f16 into f16, 2 sequences x 3 heads, 100 queries, 77 keys, head 40: one
// kernel, grid z = 6, writing the [2, 100, 3, 40] result.
// REDEFINE: %{in} = attention-output-f16-2x3x100x40x77
// REDEFINE: %{stage} = naive
// REDEFINE: %{prefix} = F16
// RUN: %{check}
// REDEFINE: %{stage} = warptile
// RUN: %{check}
// REDEFINE: %{stage} = mma
// RUN: %{check}
// REDEFINE: %{stage} = wgmma
// RUN: %{check}
// F16: gemm_opt.problems = [#gemm_opt.matmul<a = f16, b = f16, batch = 6, c = f16, c_heads = 3, k = 77, m = 100, n = 40>]
// F16: gpu.launch_func @attention_output_kernel::@attention_output_kernel blocks in (%{{.*}}, %{{.*}}, %c6{{.*}}) {{.*}}args({{.*}}, %alloc : memref<2x100x3x40xf16>)
// F16-NOT: gpu.launch_func
// F16-JSON: "problem": {"m": 100, "n": 40, "k": 77, "beta": 0, "a": "f16", "b": "f16", "c": "f16", "batch": 6, "c_heads": 3},
// F16-JSON: {"name": "C", "role": "C", "elem": "f16", "shape": [2, 100, 3, 40]}
// F16-JSON: "grid": [{{[0-9]+}}, {{[0-9]+}}, 6],
// F16-JSON: {"abi": "ptr", "buffer": "C"}

// bf16 into f32, a bias over d and the cast after the transpose (fused),
// collapsed to [2, 100, 120] (72 keys: wgmma reads A and B through tensor
// maps, B through its copy padded to whole K tiles).
// REDEFINE: %{in} = attention-output-bias-bf16-2x3x100x40x72
// REDEFINE: %{stage} = warptile
// REDEFINE: %{prefix} = BIAS
// RUN: %{check}
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = BIAS-WGMMA
// RUN: %{check}
// BIAS: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, batch = 6, c = bf16, c_heads = 3, epilogue = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0>]>, k = 72, m = 100, n = 40>]
// BIAS: gpu.launch_func {{.*}}args({{.*}}%expand_shape : memref<2x100x3x40xbf16>
// BIAS-JSON: "batch": 6, "c_heads": 3, "epilogue": [{"op": "add", "operand": "E0", "broadcast": "col"}]},
// BIAS-JSON: {"name": "C", "role": "C", "elem": "bf16", "shape": [2, 100, 120]},
// BIAS-WGMMA: gpu.launch_func @attention_output_kernel::@attention_output_kernel_0 {{.*}}args(%expand_shape : memref<2x100x3x40xbf16>, %{{.*}} : i64, %{{.*}} : i64, %arg2 : memref<40xf32>)
// BIAS-WGMMA-JSON: "batch": 6, "c_heads": 3, "epilogue":
// BIAS-WGMMA-JSON: {"name": "C", "role": "C", "elem": "bf16", "shape": [2, 100, 120]},
// BIAS-WGMMA-JSON: "name": "attention_output_kernel_0",
// BIAS-WGMMA-JSON-NEXT: "grid": [1, 2, 6],
// BIAS-WGMMA-JSON: {"abi": "ptr", "buffer": "C"},
// BIAS-WGMMA-JSON-NOT: "tensormap", "buffer": "C"

// A realistic head: 8 heads of 256 queries, 256 keys, head 128 (bf16,
// the cast fused), the wgmma kernel on 128-row tiles of every entry.
// REDEFINE: %{in} = attention-output-bf16-1x8x256x128x256
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = LARGE
// RUN: %{check}
// LARGE: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, batch = 8, c = bf16, c_heads = 8, k = 256, m = 256, n = 128>]
// LARGE: gpu.launch_func @attention_output_kernel::@attention_output_kernel {{.*}}args(%expand_shape : memref<1x256x8x128xbf16>, %{{.*}} : i64, %{{.*}} : i64)
// LARGE-JSON: "problem": {"m": 256, "n": 128, "k": 256, "beta": 0, "a": "bf16", "b": "bf16", "c": "bf16", "batch": 8, "c_heads": 8},
// LARGE-JSON: {"name": "C", "role": "C", "elem": "bf16", "shape": [1, 256, 1024]}
// LARGE-JSON: "grid": [{{[0-9]+}}, {{[0-9]+}}, 8],
// LARGE-JSON: {"abi": "ptr", "buffer": "C"},
// LARGE-JSON-NOT: "tensormap", "buffer": "C"

// TMA stores of a C of heads (the plan forced: %inputs/heads-tma-db.jsonl,
// the warp-specialized kernel's 128x64 tiles over every entry in one
// persistent grid): C's tensor map is 4-D over [2, 100, 3, 40] (d, h, q,
// b innermost first), so a 64 x 64 box ends at its entry's 100 rows and
// 40 columns; the store's coordinates are (column, z % 3, row, z / 3).
// RUN: gemm-opt %inputs/attention-output-bias-bf16-2x3x100x40x72.mlir --gemm-stage-wgmma="tuning-db=%inputs/heads-tma-db.jsonl tuning-db-strict=1 ptx-file=%t.tma.ptx manifest-file=%t.tma.json" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=TMA-JSON --input-file=%t.tma.json
// RUN: FileCheck %s --check-prefix=TMA-PTX --input-file=%t.tma.ptx
// RUN: %ptxas -arch=sm_90a -v %t.tma.ptx -o %t.tma.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=arning '--implicit-check-not={{ [1-9][0-9]* bytes spill}}'
// TMA-JSON: "c_heads": 3
// TMA-JSON: "name": "attention_output_kernel_0",
// TMA-JSON-NEXT: "grid": [6, 1, 1],
// TMA-JSON: {"abi": "tensormap", "buffer": "C", "elem": "bf16", "dims": [40, 3, 100, 2], "strides": [80, 240, 24000], "box": [64, 1, 64, 1], "swizzle": 128, "l2_promotion": 256}
// TMA-PTX: cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}]

// The whole attention block in one function: S = Q K^T * scale, P =
// softmax(S), O = P V, O transposed, cast and collapsed; the third op's C
// is the function's [2, 100, 120] result.
// REDEFINE: %{in} = attention-block-transpose-bf16-2x3x100x72x40
// REDEFINE: %{stage} = mma
// REDEFINE: %{prefix} = BLOCK
// RUN: %{check}
// REDEFINE: %{stage} = wgmma
// RUN: %{check}
// BLOCK: gpu.launch_func @attention_op0_kernel::@attention_op2_kernel{{(_0)?}} {{.*}}memref<2x100x3x40xbf16>
// BLOCK-JSON: {"op": "matmul", "problem": {"m": 100, "n": 40, "k": 72, "beta": 0, "a": "bf16", "b": "bf16", "c": "bf16", "batch": 6, "c_heads": 3}, "operands": {"A": "temp1", "B": "arg2", "C": "result0"}}
// BLOCK-JSON: {"name": "result0", "role": "result", "elem": "bf16", "shape": [2, 100, 120]},
