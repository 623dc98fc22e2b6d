// REQUIRES: ptxas
// gemm-lower-to-ptx is the lowering half of the stage pipelines, so a
// textual pipeline can compose rung passes with any options. Here: the
// warptile chain with a 16-wide K tile, 4 stages, a 128-register cap,
// grouped block order and read-only inputs on 4096^3.

// RUN: gemm-opt %inputs/matmul-4096x4096x4096.mlir --pass-pipeline='builtin.module(gemm-verify-input,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize{read-only=1},gemm-swizzle,gemm-multi-buffer{block-k=16 stages=4},gemm-warp-tiling{group-m=8 max-registers=128}),gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{ptx-file=%t.ptx manifest-file=%t.json stage=wt-variant})' -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX --implicit-check-not=ld.local --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// The same pipeline stopped before emission: the register cap and the
// read-only inputs are on the outlined kernel.
// RUN: gemm-opt %inputs/matmul-4096x4096x4096.mlir --pass-pipeline='builtin.module(gemm-verify-input,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize{read-only=1 max-registers=128}),gemm-lower-to-ptx)' | FileCheck %s --check-prefix=IR
// RUN: not gemm-opt %inputs/matmul-4096x4096x4096.mlir --pass-pipeline='builtin.module(gemm-lower-to-ptx{chip=sm_42})' 2>&1 | FileCheck %s --check-prefix=CHIP

// PTX:      .target sm_90
// PTX:      .visible .entry matmul_kernel(
// PTX:      .maxnreg 128
// PTX:      cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// PTX:      cp.async.wait_group 2;
// PTX:      st.global.v4.b32

// JSON:     "stage": "wt-variant"
// JSON:     "dynamic_shared_memory": 66560

// PTXAS:    0 bytes spill stores, 0 bytes spill loads

// IR:       gpu.binary
// IR-SAME:  .maxnreg 128
// IR-SAME:  ld.global.nc.v4

// CHIP:     unsupported chip 'sm_42'
