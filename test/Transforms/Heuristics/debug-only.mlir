// Why the heuristics chose each plan: -debug-only=gemm-opt-heuristics
// (registered by gemm-opt itself: Debian's release LLVM has no -debug-only).
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-warptile -debug-only=gemm-opt-heuristics -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIMT
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --gemm-stage-wgmma -debug-only=gemm-opt-heuristics -o /dev/null 2>&1 | FileCheck %s --check-prefix=WGMMA
// RUN: gemm-opt %inputs/matmul-bf16-nt-32x8192x8192.mlir --gemm-stage-wgmma="tuning-db=''" -debug-only=gemm-opt-heuristics -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAYER
// RUN: gemm-opt %inputs/matmul-bf16-1x1x1.mlir --gemm-stage-wgmma -debug-only=gemm-opt-heuristics -o /dev/null 2>&1 | FileCheck %s --check-prefix=TINY
// RUN: gemm-opt %inputs/softmax-1024x131072-f32.mlir --gemm-stage-softmax-rows -debug-only=gemm-opt-heuristics -o /dev/null 2>&1 | FileCheck %s --check-prefix=SOFTMAX
// Other debug types, and no -debug-only: silent.
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-warptile -debug-only=something-else -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-warptile -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

// The reg2d tile: 128x128 fills half the SMs, 128x64 wins.
// SIMT: [gemm-opt-heuristics] reg2d: 128x128 tile: 64 blocks on 132 SMs: wave efficiency 0.48
// SIMT: [gemm-opt-heuristics] reg2d: 128x64 tile: 128 blocks on 132 SMs: wave efficiency 0.97
// SIMT: [gemm-opt-heuristics] reg2d: 1000x999x777 takes 128x64
// SIMT: [gemm-opt-heuristics] warptile: 1000x999x777: 64 tiles of 128x128 on 132 SMs; shape class small grid (< 2 waves): 64x64, 8x4
// SIMT: [gemm-opt-heuristics] warptile: plan block 64x64x16, thread 8x4, {{.*}}split-K 2

// WGMMA: [gemm-opt-heuristics] mma: 4096x4096x4096 on sm_90a: aligned, enough tiles: 64x64 warps; plan block 128x256x64
// WGMMA: [gemm-opt-heuristics] wgmma: 4096x4096x4096: under four waves: 512 tiles of 128x256, 1024 of 128x128, 2048 of 64x128 on 132 SMs: 128x256 tiles fill the last wave well enough; plan block 128x256x64, 2 warpgroup(s) + producer, persistent

// 32 rows of a layer (without the tuning database, which has an entry for
// it): no swap-AB kernel above 16 rows, 64-row wgmma tiles,
// whose 64 tiles K split in two make a wave of 128 units.
// LAYER: [gemm-opt-heuristics] swap-AB: not for 32x8192x8192: M = 32 is more than 16 rows
// LAYER: [gemm-opt-heuristics] wgmma: 32x8192x8192: under four waves: 32 tiles of 128x256, 64 of 128x128, 64 of 64x128 on 132 SMs: 64x128 tiles fill the last wave better than 64x256; 2 K splits fill the SMs; plan block 64x128x64, 1 warpgroup(s) + producer, split-K 2, stages 8

// TINY: [gemm-opt-heuristics] mma: 1x1x1 on sm_90a: 128x128 tiles leave SMs idle: 64-row tiles
// TINY: [gemm-opt-heuristics] wgmma staging: 1 multiply-adds against 2^22: keep mma.sync

// SOFTMAX: [gemm-opt-heuristics] softmax-rows: 1024x131072: a row too long for one block's registers: a cluster; plan {{.*}}cluster of 8 blocks per row

// QUIET-NOT: gemm-opt-heuristics
