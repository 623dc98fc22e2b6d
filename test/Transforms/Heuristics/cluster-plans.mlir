// The heuristics' clusters of two (ClusterHeuristics.cpp), without the
// tuning database: 512x5120x5120 (bf16, B stored N x K) on cooperative
// 128x192 tiles, 4 row tiles, in clusters of 2 along M (B multicast);
// neither 384x8192x5120 (3 row tiles of 128x192) nor 300x8192x8192
// (swap-AB's 2 column tiles of 152, where a cluster measured no gain).
// Options that set the tiles or the schedule drop the heuristics' cluster
// rather than fail on it (block-n=256, split-k=2, stream-k=1), as does
// cluster-m=1.
// RUN: split-file %s %t
// RUN: gemm-opt %t/m512.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db=''}))" -debug-only=gemm-opt-heuristics 2>&1 | FileCheck %s --check-prefix=M512
// RUN: gemm-opt %t/m300.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db=''}))" | FileCheck %s --check-prefix=NONE
// RUN: gemm-opt %t/m384.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db=''}))" | FileCheck %s --check-prefix=NONE
// RUN: gemm-opt %t/m512.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-n=256}))" | FileCheck %s --check-prefix=NONE
// RUN: gemm-opt %t/m512.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' split-k=2}))" | FileCheck %s --check-prefix=NONE
// RUN: gemm-opt %t/m512.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' stream-k=1}))" | FileCheck %s --check-prefix=NONE
// RUN: gemm-opt %t/m512.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' cluster-m=1}))" | FileCheck %s --check-prefix=NONE

// M512: [gemm-opt-heuristics] wgmma: 512x5120x5120: 4 row tiles of 128x192 read each tile of B: clusters of 2 along M multicast it; plan block 128x192x64, {{.*}}clusters of 2 along M (B multicast)
// M512: gpu.launch clusters({{.*}}) in ({{.*}} = %c2{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) blocks({{.*}}) in ({{.*}} = %c108
// M512: #gemm_opt.wgmma_plan<{{.*}}cluster_m = 2

// NONE-NOT: clusters(
// NONE: gpu.launch blocks
// NONE-NOT: clusters(

//--- m512.mlir
func.func @m512(%A: memref<512x5120xbf16>, %B: memref<5120x5120xbf16>, %C: memref<512x5120xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<512x5120xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<512x5120xbf16>, memref<5120x5120xbf16>) outs(%C : memref<512x5120xbf16>)
  return
}

//--- m300.mlir
func.func @m300(%A: memref<300x8192xbf16>, %B: memref<8192x8192xbf16>, %C: memref<300x8192xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<300x8192xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<300x8192xbf16>, memref<8192x8192xbf16>) outs(%C : memref<300x8192xbf16>)
  return
}

//--- m384.mlir
func.func @m384(%A: memref<384x5120xbf16>, %B: memref<8192x5120xbf16>, %C: memref<384x8192xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<384x8192xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<384x5120xbf16>, memref<8192x5120xbf16>) outs(%C : memref<384x8192xbf16>)
  return
}
