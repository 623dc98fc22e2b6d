// The wgmma heuristics over an M whose last 128-row tile is mostly padding
// (300 = 2 x 128 + 44; SwapAbWgmmaHeuristics.cpp), bf16, without the
// tuning database: with B stored N x K, swap-AB over a K of 8192 where its
// tiles fill their wave (300x8192x8192: 128 tiles of 128x152); the
// cooperative 128x256 kernel with stream-K and TMA stores over a K of 5120
// (300x27648x5120) and where swap-AB's tiles leave their wave under 3/4
// full (300x5120x13824: 80 tiles in one wave; 560x6144x8192: 192 tiles,
// but 128-row tiles pad M = 560 by only 14 %); swap-AB with stream-K where
// that last wave splits and 128-row tiles would pad M by over a fifth
// (300x10240x8192: 132 + 28 tiles of 128x152); with B stored K x N, 64x256
// tiles.
// RUN: split-file %s %t
// RUN: gemm-opt %t/k8192.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db=''}))" -debug-only=gemm-opt-heuristics 2>&1 | FileCheck %s --check-prefix=SWAP
// RUN: gemm-opt %t/k5120.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db=''}))" -debug-only=gemm-opt-heuristics 2>&1 | FileCheck %s --check-prefix=SHORTK
// RUN: gemm-opt %t/fill.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db=''}))" -debug-only=gemm-opt-heuristics 2>&1 | FileCheck %s --check-prefix=FILL
// RUN: gemm-opt %t/tail.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db=''}))" -debug-only=gemm-opt-heuristics 2>&1 | FileCheck %s --check-prefix=TAIL
// RUN: gemm-opt %t/pad14.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db=''}))" -debug-only=gemm-opt-heuristics 2>&1 | FileCheck %s --check-prefix=PAD14
// RUN: gemm-opt %t/nn.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db=''}))" | FileCheck %s --check-prefix=NN

// SWAP: wgmma: 300x8192x8192: M = 300 would be 384 rows of 128-row tiles: swap-AB
// SWAP: gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}bn = 152,{{.*}}swap_ab = true

// SHORTK: wgmma: 300x27648x5120: M = 300: a K of 5120 (under 8192) for swap-AB's tiles: 128x256 tiles with stream-K
// SHORTK: gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, {{.*}}stream_k = true, tma_store = true
// SHORTK-NOT: swap_ab = true

// FILL: wgmma: 300x5120x13824: M = 300: swap-AB's 80 tiles of 128x152 fill under 3/4 of their last wave: 128x256 tiles
// FILL: gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, {{.*}}stream_k = true
// FILL-NOT: swap_ab = true

// TAIL: wgmma: 300x10240x8192: M = 300: swap-AB's 160 tiles of 128x152 fill under 3/4 of their last wave: swap-AB with stream-K over it
// TAIL: gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 152, {{.*}}stream_k = true, swap_ab = true

// PAD14: wgmma: 560x6144x8192: M = 560: swap-AB's 192 tiles of 128x144 fill under 3/4 of their last wave: 128x256 tiles with stream-K
// PAD14: gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, {{.*}}stream_k = true
// PAD14-NOT: swap_ab = true

// NN: gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 64, bn = 256, {{.*}}stream_k = true

//--- k8192.mlir
func.func @k8192(%A: memref<300x8192xbf16>, %B: memref<8192x8192xbf16>, %C: memref<300x8192xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<300x8192xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<300x8192xbf16>, memref<8192x8192xbf16>) outs(%C : memref<300x8192xbf16>)
  return
}

//--- k5120.mlir
func.func @k5120(%A: memref<300x5120xbf16>, %B: memref<27648x5120xbf16>, %C: memref<300x27648xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<300x27648xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<300x5120xbf16>, memref<27648x5120xbf16>) outs(%C : memref<300x27648xbf16>)
  return
}

//--- fill.mlir
func.func @fill(%A: memref<300x13824xbf16>, %B: memref<5120x13824xbf16>, %C: memref<300x5120xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<300x5120xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<300x13824xbf16>, memref<5120x13824xbf16>) outs(%C : memref<300x5120xbf16>)
  return
}

//--- nn.mlir
func.func @nn(%A: memref<300x5120xbf16>, %B: memref<5120x27648xbf16>, %C: memref<300x27648xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<300x27648xbf16>)
  linalg.matmul ins(%A, %B : memref<300x5120xbf16>, memref<5120x27648xbf16>) outs(%C : memref<300x27648xbf16>)
  return
}

//--- tail.mlir
func.func @tail(%A: memref<300x8192xbf16>, %B: memref<10240x8192xbf16>, %C: memref<300x10240xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<300x10240xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<300x8192xbf16>, memref<10240x8192xbf16>) outs(%C : memref<300x10240xbf16>)
  return
}

//--- pad14.mlir
func.func @pad14(%A: memref<560x8192xbf16>, %B: memref<6144x8192xbf16>, %C: memref<560x6144xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<560x6144xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<560x8192xbf16>, memref<6144x8192xbf16>) outs(%C : memref<560x6144xbf16>)
  return
}
