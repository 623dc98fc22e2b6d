// REQUIRES: ptxas
// At M <= 2 (M <= 3 in f32) with B stored N x K the tensor-core stages build the
// weight-streaming kernel (gemm_opt.gemv_plan; one warp per column of C,
// 16-byte loads of B on the non-coherent path, xor-shuffle sums) instead
// of tensor-core tiles; the wgmma rung keeps it. It assembles for sm_90a
// with no spills. Where it does not apply (rows of K that are not whole
// 16-byte chunks, B stored K x N, M > 3) the tiles stay; small-m=0 keeps
// them anyway.

// RUN: gemm-opt %inputs/matmul-bf16-nt-1x4096x4096.mlir --gemm-stage-wgmma="ptx-file=%t.bf16.ptx manifest-file=%t.bf16.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=IR,IR-BF16
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.bf16.ptx
// RUN: FileCheck %s --check-prefix=JSON-BF16 --input-file=%t.bf16.json
// RUN: %ptxas -arch=sm_90a -v %t.bf16.ptx -o %t.bf16.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// f32, 3 rows, beta = 1 (C read and added), at the mma stage (no TF32:
// the kernel computes in f32).
// RUN: gemm-opt %inputs/matmul-f32-nt-3x999x260.mlir --gemm-stage-mma="ptx-file=%t.f32.ptx" 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=IR,IR-F32
// RUN: FileCheck %s --check-prefix=PTX-F32 --input-file=%t.f32.ptx
// RUN: %ptxas -arch=sm_90a -v %t.f32.ptx -o %t.f32.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// IR: remark: M = {{[13]}}: the weight-streaming kernel instead of tensor-core tiles (one warp per column of C, 8 warps per block, {{[24]}} chunks of B in flight per warp)
// IR-BF16: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg1 : memref<4096x4096xbf16>, %arg0 : memref<1x4096xbf16>, %arg2 : memref<1x4096xbf16>)
// IR-F32: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in

// PTX: .visible .entry matmul_kernel(
// PTX: ld.global.nc.v4.b32
// PTX: fma.rn.f32
// PTX: shfl.sync.bfly.b32
// PTX-F32: ld.global.nc.v4.b32
// PTX-F32: shfl.sync.bfly.b32
// PTX-F32: ld.global.b32
// PTX-F32: add.rn.f32
// PTX-F32: st.global.b32
// JSON-BF16: "layout": "nt"
// JSON-BF16: "grid": [512, 1, 1],
// JSON-BF16-NEXT: "block": [256, 1, 1],

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// The tiles stay where the kernel does not apply, with no remark.
// RUN: gemm-opt %inputs/matmul-bf16-nt-1000x999x777.mlir --gemm-stage-mma 2>&1 | FileCheck %s --check-prefix=TILES --implicit-check-not=weight-streaming
// RUN: gemm-opt %inputs/matmul-bf16-nt-1x4096x4096.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma{small-m=0}))" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TILES --implicit-check-not=weight-streaming
// TILES: {{gemm_opt.problems = \[#gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 777|gemm_opt.mma_plan}}
