// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling),canonicalize,cse)" | FileCheck %s
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{warp-m=64 warp-n=32}),canonicalize,cse)" | FileCheck %s --check-prefix=OPT
// RUN: gemm-opt %inputs/matmul-4096x4096x4096.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling))" | FileCheck %s --check-prefix=BIG
// RUN: gemm-opt %inputs/matmul-4097x4097x4097.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling))" | FileCheck %s --check-prefix=UNALIGNED
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling))" | FileCheck %s --check-prefix=SMALL
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{block-m=128 block-n=64 thread-m=8 thread-n=8 block-k=8 stages=3 max-registers=0}))" | FileCheck %s --check-prefix=OVERRIDE

// Rung 'warptile' (seed 000 next steps): 8 warps of 32x64 (4x8 lanes), each
// lane's 8x8 outputs split into 2x2 fragments of 4x4; the warp index picks
// the warp tile (tid / 32), the lane its place in it (lane / 8, lane % 8).
// B's reads no longer need the swizzle (neighbouring lanes read neighbouring
// 16-byte groups).
// CHECK:     gpu.launch
// CHECK-SAME: in (%{{.*}} = %c256
// CHECK:     arith.divui %{{.*}}, %c32
// CHECK:     arith.remui %{{.*}}, %c32
// CHECK-NOT: arith.xori
// CHECK:     scf.for
// CHECK-COUNT-512: math.fma
// CHECK:     b_xor = 0, bk = 16, bm = 128, bn = 128, frag_m = 4, frag_n = 4{{.*}}warp_tiled = true, wm = 32, wn = 64

// OPT: warp_tiled = true, wm = 64, wn = 32

// Default block tile per shape class (GemmHeuristics, H200 sweep), BK = 16
// and 4 stages everywhere: aligned and >= 2 waves of 128x128 blocks keep
// 128x128 with at most 128 registers and grouped order (wt-bk16-s4-g8);
// unaligned rows take 64x128, no cap (wt-64x128-bk16-s4-g8); fewer than
// 2 x 132 blocks of 128x128 take 64x64 with 8x4 per thread, no cap, no
// grouping (wt-64x64-8x4-bk16-s4). Edge blocks run the cp.async ring
// (pipeline_edges). The unaligned and small-grid classes split K in two
// (wt-64x128-sk2 / wt-64x64-sk2 in benchmarks/results/2026-11-30-simt-sweep).
// Neither stages B (N % 4 != 0): padded copies measured slower on the
// cp.async rungs (GemmHeuristics.cpp, chooseSimtStaging). A split of 777
// has 24 K tiles: 2 stages (fewer than 32 tiles per block).
// BIG:       bk = 16, bm = 128, bn = 128{{.*}}group_m = 8, max_regs = 128, pipeline_edges = true, read_only = false, stages = 4, tm = 8, tn = 8{{.*}}wm = 32, wn = 64
// UNALIGNED: bk = 16, bm = 64, bn = 128{{.*}}group_m = 8, max_regs = 0, pipeline_edges = true, read_only = false, split_k = 2, stages = 4, tm = 8, tn = 8{{.*}}wm = 32, wn = 64
// SMALL:     bk = 16, bm = 64, bn = 64{{.*}}group_m = 0, max_regs = 0, pipeline_edges = true, read_only = false, split_k = 2, stages = 2, tm = 8, tn = 4{{.*}}wm = 32, wn = 32
// The rung's options override the class defaults.
// OVERRIDE:  bk = 8, bm = 128, bn = 64{{.*}}max_regs = 0{{.*}}stages = 3, tm = 8, tn = 8{{.*}}wm = 32, wn = 64

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
