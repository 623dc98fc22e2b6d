// REQUIRES: ptxas
// linalg.batch_matmul through the ladder (issue 16): every kernel takes its
// batch entry from blockIdx.z (grid z = batch; wgmma's persistent kernel
// with TMA stores walks every entry's tiles instead), the buffers stay 3-D
// kernel arguments and so do the scratch copies (a copy per entry); the
// problem and the manifest record the batch. wgmma's tensor maps stack the
// entries' rows (2-D maps over batch * rows). Every module assembles for
// sm_90a with no spills.

// DEFINE: %{in} =
// DEFINE: %{stage} =
// DEFINE: %{prefix} =
// DEFINE: %{check} = rm -f %t.ptx %t.json \
// DEFINE:   && gemm-opt %inputs/%{in}.mlir --gemm-stage-%{stage}="allow-tf32=true ptx-file=%t.ptx manifest-file=%t.json" 2>%t.err \
// DEFINE:      | FileCheck %s --check-prefix=%{prefix} \
// DEFINE:   && FileCheck %s --check-prefix=%{prefix}-JSON --input-file=%t.json \
// DEFINE:   && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=arning \
// DEFINE:      '--implicit-check-not={{ [1-9][0-9]* bytes spill}}'

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// A stored K x M, f32 accumulated (beta = 1), 3 entries of 130x67x259.
// REDEFINE: %{in} = batch-matmul-tn-3x130x67x259
// REDEFINE: %{stage} = naive
// REDEFINE: %{prefix} = TN-NAIVE
// RUN: %{check}
// TN-NAIVE: gemm_opt.problems = [#gemm_opt.matmul<a = f32, accumulate = true, b = f32, batch = 3, c = f32, k = 259, m = 130, n = 67, transpose_a = true>]
// TN-NAIVE: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg2 : memref<3x130x67xf32>, %arg0 : memref<3x259x130xf32>, %arg1 : memref<3x259x67xf32>)
// TN-NAIVE-NOT: gpu.launch_func
// TN-NAIVE-JSON: "problem": {"m": 130, "n": 67, "k": 259, "beta": 1, "a": "f32", "b": "f32", "c": "f32", "layout": "tn", "batch": 3},
// TN-NAIVE-JSON: {"name": "A", "role": "A", "elem": "f32", "shape": [3, 259, 130]},
// TN-NAIVE-JSON: {"name": "B", "role": "B", "elem": "f32", "shape": [3, 259, 67]},
// TN-NAIVE-JSON: {"name": "C", "role": "C", "elem": "f32", "shape": [3, 130, 67]}
// TN-NAIVE-JSON: "grid": [5, 3, 3],
// The tiled kernels read a transposed copy of each entry's A (3 x M x Kp).
// REDEFINE: %{stage} = warptile
// REDEFINE: %{prefix} = TN-COPY
// RUN: %{check}
// REDEFINE: %{stage} = mma
// RUN: %{check}
// TN-COPY: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg0 : memref<3x259x130xf32>, %[[AT:.+]] : memref<3x130x260xf32>)
// TN-COPY: gpu.launch_func @matmul_kernel::@matmul_kernel_0 blocks in {{.*}} args(%[[AT]] : memref<3x130x260xf32>, %arg1 : memref<3x259x67xf32>, %arg2 : memref<3x130x67xf32>)
// TN-COPY-JSON: {"name": "scratch0", "role": "scratch", "elem": "f32", "shape": [3, 130, 260]}
// TN-COPY-JSON: "grid": [3, 5, 3],
// TN-COPY-JSON: "grid": [2, 3, 3],
// TF32 wgmma: transposed copies of A and B per entry; the tensor maps
// cover the 3 entries' 130 (A) and 67 (B^T) rows of 259 columns.
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = TN-WGMMA
// RUN: %{check}
// TN-WGMMA: gpu.launch_func @matmul_kernel::@matmul_kernel_1 blocks in {{.*}} args(%{{.*}} : memref<3x130x67xf32>, %{{.*}} : i64, %{{.*}} : i64)
// TN-WGMMA-JSON: {"name": "scratch1", "role": "scratch", "elem": "f32", "shape": [3, 67, 260]}
// TN-WGMMA-JSON: "grid": [2, 3, 3],
// TN-WGMMA-JSON: {"abi": "tensormap", "buffer": "scratch0", "elem": "f32", "dims": [259, 390], "strides": [1040], "box": [32, 64]
// TN-WGMMA-JSON: {"abi": "tensormap", "buffer": "scratch1", "elem": "f32", "dims": [259, 201], "strides": [1040], "box": [32, 64]

// Attention's Q * K^T: B stored N x K, bf16, on tensors. wgmma reads both
// operands through stacked maps with no copy.
// REDEFINE: %{in} = batch-matmul-bf16-nt-3x130x64x256
// REDEFINE: %{stage} = mma
// REDEFINE: %{prefix} = NT-MMA
// RUN: %{check}
// NT-MMA: batch = 3, c = f32, k = 256, m = 130, n = 64, transpose_b = true>]
// NT-MMA: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg1 : memref<3x64x256xbf16>, %[[BT:.+]] : memref<3x256x64xbf16>)
// NT-MMA: gpu.launch_func @matmul_kernel::@matmul_kernel_0 blocks in {{.*}} args(%arg0 : memref<3x130x256xbf16>, %[[BT]] : memref<3x256x64xbf16>, %{{.*}} : memref<3x130x64xf32>)
// NT-MMA-JSON: "grid": [1, 3, 3],
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = NT-WGMMA
// RUN: %{check}
// NT-WGMMA-NOT: memref<3x256x64xbf16>
// NT-WGMMA: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%{{.*}} : memref<3x130x64xf32>, %{{.*}} : i64, %{{.*}} : i64)
// NT-WGMMA-NOT: gpu.launch_func
// NT-WGMMA-JSON: "problem": {"m": 130, "n": 64, "k": 256, "beta": 0, "a": "bf16", "b": "bf16", "c": "f32", "layout": "nt", "batch": 3},
// NT-WGMMA-JSON: "grid": [1, 3, 3],
// NT-WGMMA-JSON: {"abi": "tensormap", "buffer": "A", "elem": "bf16", "dims": [256, 390], "strides": [512], "box": [64, 64]
// NT-WGMMA-JSON: {"abi": "tensormap", "buffer": "B", "elem": "bf16", "dims": [256, 192], "strides": [512], "box": [64, 64]

// f16 1000x999x777 (no row 16-byte aligned), 3 entries: one warptile
// kernel (f16 rows are not staged); wgmma reads padded copies of A and B
// per entry, B's with zero rows up to whole K tiles (777 -> 832): its
// stacked map's K tail must read zeros, not the next entry's rows.
// REDEFINE: %{in} = batch-matmul-f16-3x1000x999x777
// REDEFINE: %{stage} = warptile
// REDEFINE: %{prefix} = F16-WT
// RUN: %{check}
// F16-WT: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg0 : memref<3x1000x777xf16>, %arg1 : memref<3x777x999xf16>, %arg2 : memref<3x1000x999xf32>)
// F16-WT-NOT: gpu.launch_func
// F16-WT-JSON: "grid": [{{[0-9]+}}, {{[0-9]+}}, 3],
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = F16-WGMMA
// RUN: %{check}
// F16-WGMMA: gemm_opt.problems = [#gemm_opt.matmul<a = f16, b = f16, batch = 3, c = f32, k = 777, m = 1000, n = 999>]
// F16-WGMMA: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg0 : memref<3x1000x777xf16>, %{{.*}} : memref<3x1000x784xf16>, %arg1 : memref<3x777x999xf16>, %{{.*}} : memref<3x832x1000xf16>)
// F16-WGMMA-JSON: "stage": "wgmma",
// F16-WGMMA-JSON: "chip": "sm_90a",
// F16-WGMMA-JSON: {"name": "scratch1", "role": "scratch", "elem": "f16", "shape": [3, 832, 1000]}
// F16-WGMMA-JSON: "grid": [790, 1, 3],
// F16-WGMMA-JSON: {"abi": "tensormap", "buffer": "scratch0", "elem": "f16", "dims": [777, 3000], "strides": [1568], "box": [64, 128]
// F16-WGMMA-JSON: {"abi": "tensormap", "buffer": "scratch1", "elem": "f16", "dims": [999, 2496], "strides": [2000], "box": [64, 64]
// Rows 16-byte aligned but K = 200 not whole K tiles: B alone goes
// through the copy, for its zero rows (a remark says so); staging=0 keeps
// the mma.sync kernel instead.
// RUN: gemm-opt %inputs/batch-matmul-f16-3x256x256x200.mlir --gemm-stage-wgmma="ptx-file=%t.k.ptx manifest-file=%t.k.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=KPAD-REMARK
// RUN: FileCheck %s --check-prefix=KPAD-JSON --input-file=%t.k.json
// RUN: %ptxas -arch=sm_90a -v %t.k.ptx -o %t.k.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=arning
// KPAD-REMARK: remark: batched B read as K x N rows: a copy kernel pads each entry's K = 200 rows with zeros to whole K tiles of 64 (the entries' rows share one tensor map)
// KPAD-JSON: {"name": "scratch0", "role": "scratch", "elem": "f16", "shape": [3, 256, 256]}
// KPAD-JSON: {"abi": "tensormap", "buffer": "A", "elem": "f16", "dims": [200, 768], "strides": [400]
// KPAD-JSON: {"abi": "tensormap", "buffer": "scratch0", "elem": "f16", "dims": [256, 768], "strides": [512]
// RUN: gemm-opt %inputs/batch-matmul-f16-3x256x256x200.mlir --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{staging=0}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=KPAD-KEEP
// KPAD-KEEP: remark: matmul kept on the mma.sync kernel: a batched B read as K x N rows needs K (200) in whole K tiles of 64, which a padded copy gives it (staging=0)

// One K x N weight shared by every entry (B's map leaves out the batch):
// B stays a 2-D kernel argument and wgmma's map of B its own 2-D extent
// (the K tail reads zeros there, so K rows need no whole K tiles).
// REDEFINE: %{in} = batch-matmul-bf16-shared-3x130x64x256
// REDEFINE: %{stage} = mma
// REDEFINE: %{prefix} = SHARED-MMA
// RUN: %{check}
// SHARED-MMA: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, batch = 3, c = f32, k = 256, m = 130, n = 64, shared_b = true>]
// SHARED-MMA: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg0 : memref<3x130x256xbf16>, %{{.*}} : memref<3x130x64xf32>, %arg1 : memref<256x64xbf16>)
// SHARED-MMA-JSON: "problem": {"m": 130, "n": 64, "k": 256, "beta": 0, "a": "bf16", "b": "bf16", "c": "f32", "batch": 3, "shared_b": true},
// SHARED-MMA-JSON: {"name": "B", "role": "B", "elem": "bf16", "shape": [256, 64]}
// SHARED-MMA-JSON: "grid": [1, 3, 3],
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = SHARED-WGMMA
// RUN: %{check}
// SHARED-WGMMA: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%{{.*}} : memref<3x130x64xf32>, %{{.*}} : i64, %{{.*}} : i64)
// SHARED-WGMMA-JSON: "grid": [1, 3, 3],
// SHARED-WGMMA-JSON: {"abi": "tensormap", "buffer": "A", "elem": "bf16", "dims": [256, 390], "strides": [512], "box": [64, 64]
// SHARED-WGMMA-JSON: {"abi": "tensormap", "buffer": "B", "elem": "bf16", "dims": [64, 256], "strides": [128], "box": [64, 64]
// Unaligned rows: padded copies of A per entry (grid z = 3, scratch
// 3 x M x Kp) and of the shared B once (grid z = 1, K x Np), separate
// kernels; wgmma reads both through their maps (no mma.sync fallback).
// REDEFINE: %{in} = batch-matmul-f16-shared-3x1000x999x777
// REDEFINE: %{prefix} = SHARED-STAGED
// RUN: %{check}
// SHARED-STAGED: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in ({{.*}}) threads in {{.*}} args(%arg0 : memref<3x1000x777xf16>, %[[SA:.+]] : memref<3x1000x784xf16>)
// SHARED-STAGED: gpu.launch_func @matmul_kernel::@matmul_kernel_0 blocks in ({{.*}}) threads in {{.*}} args(%arg1 : memref<777x999xf16>, %[[SB:.+]] : memref<777x1000xf16>)
// SHARED-STAGED: gpu.launch_func @matmul_kernel::@matmul_kernel_1 blocks in {{.*}} args(%arg2 : memref<3x1000x999xf32>, %{{.*}} : i64, %{{.*}} : i64)
// SHARED-STAGED-JSON: {"name": "scratch0", "role": "scratch", "elem": "f16", "shape": [3, 1000, 784]},
// SHARED-STAGED-JSON: {"name": "scratch1", "role": "scratch", "elem": "f16", "shape": [777, 1000]}
// SHARED-STAGED-JSON: "grid": [383, 1, 3],
// SHARED-STAGED-JSON: "grid": [380, 1, 1],
// SHARED-STAGED-JSON: "grid": [8, 8, 3],
// SHARED-STAGED-JSON: {"abi": "tensormap", "buffer": "scratch0", "elem": "f16", "dims": [777, 3000], "strides": [1568]
// SHARED-STAGED-JSON: {"abi": "tensormap", "buffer": "scratch1", "elem": "f16", "dims": [999, 777], "strides": [2000]

// The warp-specialized persistent kernel with TMA stores of C: C's map
// stacks the entries' rows like A's and B's (M = 256 is whole tiles of 128
// rows, so no box crosses into the next entry), and as the kernel reads no
// batch view the tile scheduler walks every entry's tiles (4 entries of
// 2 x 2 tiles: 16 blocks, grid z = 1, a tile's entry from its index, not
// blockIdx.z), so a block's next tile may be the next entry's.
// RUN: gemm-opt %inputs/batch-matmul-bf16-nt-4x256x512x128.mlir --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{warp-specialized=1 persistent=1 warpgroups=2 max-registers=168 block-m=128 block-n=256 tma-store=1}),gemm-lower-to-ptx{chip=sm_90a},gemm-emit-kernels{ptx-file=%t.ws.ptx manifest-file=%t.ws.json stage=ws chip=sm_90a})" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.ws.ptx -o %t.ws.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefix=WS-JSON --input-file=%t.ws.json
// RUN: FileCheck %s --check-prefix=WS-PTX --input-file=%t.ws.ptx
// WS-JSON: "problem": {"m": 256, "n": 512, "k": 128, "beta": 0, "a": "bf16", "b": "bf16", "c": "f32", "layout": "nt", "batch": 4},
// WS-JSON: "grid": [16, 1, 1],
// WS-JSON: {"abi": "tensormap", "buffer": "A", "elem": "bf16", "dims": [128, 1024], "strides": [256], "box": [64, 128]
// WS-JSON: {"abi": "tensormap", "buffer": "B", "elem": "bf16", "dims": [128, 2048], "strides": [256], "box": [64, 256]
// WS-JSON: {"abi": "tensormap", "buffer": "C", "elem": "f32", "dims": [512, 1024], "strides": [2048], "box": [32, 64]
// WS-PTX-NOT: %ctaid.z
// WS-PTX: cp.async.bulk.tensor.2d.global.shared::cta

// Few rows per entry (M = 8, B stored N x K): the small-M kernels
// (weight-streaming, swap-AB) are 2-D, so a batched matmul keeps the
// tensor-core tiles at the mma rung, and small-m=1 is an error.
// RUN: gemm-opt %inputs/batch-matmul-bf16-nt-4x8x512x256.mlir --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma))" | FileCheck %s --check-prefix=SMALLM
// SMALLM: gemm_opt.mma_plan = #gemm_opt.mma_plan<
// SMALLM-SAME: gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, batch = 4, c = f32, k = 256, m = 8, n = 512, transpose_b = true>
// RUN: not gemm-opt %inputs/batch-matmul-bf16-nt-4x8x512x256.mlir --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma{small-m=1}))" 2>&1 | FileCheck %s --check-prefix=SMALLM-FORCED
// SMALLM-FORCED: error: invalid 'mma' option small-m=1: neither small-M kernel applies: the weight-streaming kernel: it is not batched (a batched matmul keeps the tiles); the swap-AB kernel: it is not batched (a batched matmul keeps the tiles)
