// The rung passes plan for their `chip` option (default sm_90): the chip's
// SM count sizes grids and split-K, its shared memory bounds the stages and
// tiles, and instructions it lacks are never emitted or are an error naming
// the chip.

// DEFINE: %{chip} = sm_90
// DEFINE: %{simt} = gemm-naive{chip=%{chip}},gemm-coalesce{chip=%{chip}},gemm-shared-memory-tiling{chip=%{chip}},gemm-register-tiling-1d{chip=%{chip}},gemm-register-tiling-2d{chip=%{chip}},gemm-vectorize{chip=%{chip}},gemm-swizzle{chip=%{chip}},gemm-multi-buffer{chip=%{chip}},gemm-warp-tiling{chip=%{chip}}
// DEFINE: %{run} = gemm-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(%{simt},gemm-mma{chip=%{chip}}))"

// RUN: %{run} | FileCheck %s --check-prefixes=SM90,BIG
// REDEFINE: %{chip} = sm_80
// RUN: %{run} | FileCheck %s --check-prefixes=SM80,BIG
// REDEFINE: %{chip} = sm_86
// RUN: %{run} | FileCheck %s --check-prefixes=SM86,SMALL
// REDEFINE: %{chip} = sm_89
// RUN: %{run} | FileCheck %s --check-prefixes=SM89,SMALL
// REDEFINE: %{chip} = sm_87
// RUN: %{run} | FileCheck %s --check-prefixes=SM87,BIG

// What a chip cannot run, and plans forced past its limits, are errors
// naming the chip: gemm-naive-invalid.mlir (an unknown chip),
// gemm-simt-invalid.mlir (sm_75's multibuffer), gemm-mma-invalid.mlir
// (sm_75; sm_80's 144 KB plan on sm_86), gemm-wgmma-invalid.mlir (sm_86).

// 16x4096x4096 f32: 64 tiles of 64x64 leave SMs idle, so warptile splits K
// over ceil(SMs / 64) blocks: 3 on sm_90 (132 SMs), 2 on sm_80 (108) and
// sm_86 (84); the 16 SMs of sm_87 are covered without a split. The split's
// reduction is a programmatic dependent launch (griddepcontrol) on sm_90
// only; below it the stream orders the two launches. f32 stays SIMT at the
// mma rung (no allow-tf32).
// SM90-LABEL: func.func @tall
// SM90:       nvvm.griddepcontrol launch_dependents
// SM90:       gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}split_k = 3
// SM90-NOT:   programmatic_reduction
// SM90:       nvvm.griddepcontrol wait
// SM80-LABEL: func.func @tall
// SM80-NOT:   griddepcontrol
// SM80:       gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}programmatic_reduction = false{{.*}}split_k = 2
// SM80-NOT:   griddepcontrol
// SM86-LABEL: func.func @tall
// SM86-NOT:   griddepcontrol
// SM86:       gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}split_k = 2
// SM86-NOT:   griddepcontrol
// SM87-LABEL: func.func @tall
// SM87-NOT:   split_k
// SM87-NOT:   griddepcontrol
// SM89-LABEL: func.func @tall
// SM89-NOT:   griddepcontrol
func.func @tall(%A: memref<16x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<16x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<16x4096xf32>, memref<4096x4096xf32>) outs(%C : memref<16x4096xf32>)
  return
}

// -----

// 4096^3 f16: a grid of 128x256 blocks that fills the SMs twice takes them
// in 3 stages of BK = 64 (144 KB) where the chip's shared memory holds
// that (sm_80, sm_87: 163 KB; sm_90: 227 KB); sm_86 and sm_89 (99 KB) keep
// 128x128 blocks in 4 stages of BK = 32 (64 KB).
// BIG-LABEL:   func.func @square
// BIG:         gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 64, bm = 128, bn = 256{{.*}}stages = 3
// SMALL-LABEL: func.func @square
// SMALL:       gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 128, bn = 128{{.*}}stages = 4
func.func @square(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf32>)
  return
}
