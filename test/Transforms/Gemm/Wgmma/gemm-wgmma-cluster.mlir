// Two-block clusters on the warp-specialized persistent wgmma kernel:
// 1024 x 4096 x 4096 (bf16, B stored N x K) in 128x256 tiles is 8 x 16
// tiles. cluster-m=2: blocks 2u and 2u + 1 take M tiles 2y and 2y + 1 of
// one N tile, rank 0 multicasting B's K tile to both (mask 0b11), each
// loading its own A; cluster-n=2 shares A instead. The launch has cluster
// dims (2, 1, 1) over 128 blocks (64 clusters, one unit of 2 tiles each;
// the units a 16 x 4 grid in groups of 8 / 2 unit rows), at most: the
// clusters walk the units with the stride of the clusters launched
// (%nclusterid.x), which the runtime may cap at those the device holds
// at once (the manifest's "resident_grid", wgmma-cluster-ptxas.test);
// the empty barriers count the consumer warps of both blocks (8 x 2), on
// which lanes 0 and 1 of each warp arrive through mapa; cluster barriers
// after the mbarriers' init and at the end.
// RUN: split-file %s %t
// RUN: gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=128 block-n=256 stages=4 warpgroups=2 warp-specialized=1 persistent=1 max-registers=168 cluster-m=2}),canonicalize,cse)" | FileCheck %s --check-prefix=CM
// RUN: gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=128 block-n=256 stages=4 warpgroups=2 warp-specialized=1 persistent=1 max-registers=168 cluster-n=2}),canonicalize,cse)" | FileCheck %s --check-prefix=CN
// Without a cluster, none of it.
// RUN: gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=128 block-n=256 stages=4 warpgroups=2 warp-specialized=1 persistent=1 max-registers=168}),canonicalize,cse)" | FileCheck %s --check-prefix=NONE --implicit-check-not=multicast_mask --implicit-check-not=nvvm.mapa --implicit-check-not=nvvm.cluster --implicit-check-not=nclusterid
// What a cluster cannot take: tiles that do not come in whole clusters (M =
// 300 in 3 tiles of 128 rows; swap-AB's 104 columns of M = 300, 3 tiles),
// a batched matmul, a plan without the persistent grid, with K splits,
// stream-K, both directions at once, or a size other than 1, 2 or 4.
// RUN: not gemm-opt %t/m300.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=128 block-n=256 stages=4 warpgroups=2 warp-specialized=1 persistent=1 max-registers=168 cluster-m=2}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=M300
// RUN: not gemm-opt %t/m300.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=128 block-n=104 stages=6 warpgroups=2 warp-specialized=1 persistent=1 max-registers=168 swap-ab=1 cluster-n=2}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SWAPN
// RUN: not gemm-opt %t/batched.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=128 block-n=256 stages=4 warpgroups=2 warp-specialized=1 persistent=1 max-registers=168 cluster-m=2}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BATCHED
// RUN: not gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=128 block-n=256 stages=4 warpgroups=2 warp-specialized=1 persistent=0 max-registers=168 cluster-m=2}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PERSIST
// RUN: not gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=128 block-n=256 stages=4 warpgroups=2 warp-specialized=1 persistent=1 max-registers=168 split-k=2 cluster-m=2}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLITK
// RUN: not gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=128 block-n=256 stages=4 warpgroups=2 warp-specialized=1 persistent=1 max-registers=168 stream-k=1 cluster-n=2}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STREAMK
// RUN: not gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=128 block-n=256 stages=4 warpgroups=2 warp-specialized=1 persistent=1 max-registers=168 cluster-m=2 cluster-n=2}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=128 block-n=256 stages=4 warpgroups=2 warp-specialized=1 persistent=1 max-registers=168 cluster-m=8}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EIGHT

// M300:    error: invalid 'wgmma' option cluster-m=2: M = 300 is 3 tile(s) of 128, not a multiple of the cluster's 2 blocks
// SWAPN:   error: invalid 'wgmma' option cluster-n=2: N = 300 is 3 tile(s) of 104, not a multiple of the cluster's 2 blocks (of the swapped problem, C^T)
// BATCHED: error: invalid 'wgmma' option cluster-m=2: a batched matmul takes no cluster
// PERSIST: error: invalid 'wgmma' plan: cluster-m=2 needs the warp-specialized persistent kernel without K splits or stream-K (warp-specialized=1 persistent=1 split-k=1 stream-k=0)
// SPLITK:  error: invalid 'wgmma' plan: cluster-m=2 needs the warp-specialized persistent kernel without K splits or stream-K
// STREAMK: error: invalid 'wgmma' plan: cluster-n=2 needs the warp-specialized persistent kernel without K splits or stream-K
// BOTH:    error: invalid 'wgmma' plan: cluster-m=2 and cluster-n=2: at most one of them may exceed 1
// EIGHT:   error: invalid 'wgmma' plan: cluster-m=8 must be 1, 2 or 4

// CM-LABEL:   func.func @linear
// CM:         gpu.launch clusters({{.*}}) in ({{.*}} = %c2, {{.*}} = %c1, {{.*}} = %c1) blocks(%[[BID:.*]], %{{.*}}, %{{.*}}) in ({{.*}} = %c128, {{.*}} = %c1, {{.*}} = %c1) threads(%[[TID:.*]], %{{.*}}, %{{.*}}) in ({{.*}} = %c384,
// CM:           %[[BASE:.*]] = arith.andi %{{.*}}, %c-1024 : index
// CM:           nvgpu.mbarrier.init %[[BARS:.*]][%c0], %c1
// CM-NEXT:      nvgpu.mbarrier.init %[[BARS]][%c4], %c16
// CM:           nvvm.fence.mbarrier.init
// CM:           nvvm.cluster.arrive
// CM-NEXT:      nvvm.cluster.wait
// CM-NEXT:      %[[CLUSTER:.*]] = arith.divui %[[BID]], %c2
// CM-NEXT:      %[[N32:.*]] = nvvm.read.ptx.sreg.nclusterid.x : i32
// CM-NEXT:      %[[CLUSTERS:.*]] = arith.index_castui %[[N32]] : i32 to index
// CM-NEXT:      %[[R32:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CM-NEXT:      %[[RANK:.*]] = arith.index_castui %[[R32]] : i32 to index
// The producer: the cluster's units (every clusters-th), M tile 2y + rank.
// CM:           scf.for %[[U:.*]] = %[[CLUSTER]] to %c64 step %[[CLUSTERS]] {
// CM-NEXT:        %[[UNITS:.*]] = arith.subi %[[U]], %[[CLUSTER]] : index
// CM-NEXT:        arith.divui %[[UNITS]], %[[CLUSTERS]] : index
// CM:             %[[Y2:.*]] = arith.muli %{{.*}}, %c2 : index
// CM-NEXT:        %[[Y:.*]] = arith.addi %[[Y2]], %[[RANK]] : index
// CM-NEXT:        %[[ROW:.*]] = arith.muli %[[Y]], %c128 : index
// CM:             scf.for
// CM:               nvgpu.mbarrier.arrive.expect_tx %[[BARS]][%[[SLOT:.*]]], %c49152
// CM:               nvgpu.tma.async.load %{{.*}}[%{{.*}}, %[[ROW]]], %[[BARS]][%[[SLOT]]] to %{{.*}} : <tensor = memref<128x64xbf16
// CM:               %[[LEAD:.*]] = arith.cmpi eq, %[[RANK]], %c0 : index
// CM-NEXT:          scf.if %[[LEAD]] {
// CM-NEXT:            nvgpu.tma.async.load %{{.*}}, %[[BARS]][%[[SLOT]]] to %{{.*}} multicast_mask = %c3_i16 : <tensor = memref<256x64xbf16
// The consumers' wgmma descriptors start from the block-local 18 bits of
// the ring's shared address: a cluster's rank bits above them would land in
// the LBO field.
// CM:           %[[LOCAL:.*]] = arith.andi %[[BASE]], %c262143 : index
// CM-NEXT:      arith.divui %[[LOCAL]], %c16 : index
// The consumers' releases: lanes 0 and 1 on empty[s] of blocks 0 and 1.
// CM:           scf.for %{{.*}} = %[[CLUSTER]] to %c64 step %[[CLUSTERS]] {
// CM:             %[[TWO:.*]] = arith.cmpi ult, %[[LANE:.*]], %c2 : index
// CM-NEXT:        scf.if %[[TWO]] {
// CM-NEXT:          %[[EMPTY:.*]] = arith.addi %{{.*}}, %c4 : index
// CM-NEXT:          %[[ADDR:.*]] = nvgpu.mbarrier.get %[[BARS]][%[[EMPTY]]] {{.*}} -> i64
// CM-NEXT:          %[[PTR:.*]] = llvm.inttoptr %[[ADDR]] : i64 to !llvm.ptr<3>
// CM-NEXT:          %[[PEER:.*]] = arith.index_castui %[[LANE]] : index to i32
// CM-NEXT:          %[[REMOTE:.*]] = nvvm.mapa %[[PTR]], %[[PEER]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CM-NEXT:          nvvm.mbarrier.arrive %[[REMOTE]] : !llvm.ptr<7>
// No block leaves before its peers are done with it.
// CM:           nvvm.cluster.arrive
// CM-NEXT:      nvvm.cluster.wait
// CM-NEXT:      gpu.terminator
// CM:         gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}cluster_m = 2,

// cluster-n=2: A's box multicast, B's loaded by each block; N tile 2x + rank.
// CN:         gpu.launch clusters({{.*}}) in ({{.*}} = %c2, {{.*}} = %c1, {{.*}} = %c1)
// CN:           %[[N32:.*]] = nvvm.read.ptx.sreg.nclusterid.x : i32
// CN-NEXT:      %[[CLUSTERS:.*]] = arith.index_castui %[[N32]] : i32 to index
// CN-NEXT:      %[[R32:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CN-NEXT:      %[[RANK:.*]] = arith.index_castui %[[R32]] : i32 to index
// CN:           scf.for %{{.*}} = %{{.*}} to %c64 step %[[CLUSTERS]] {
// CN:             %[[X2:.*]] = arith.muli %{{.*}}, %c2 : index
// CN-NEXT:        %[[X:.*]] = arith.addi %[[X2]], %[[RANK]] : index
// CN:               %[[LEAD:.*]] = arith.cmpi eq, %[[RANK]], %c0 : index
// CN-NEXT:          scf.if %[[LEAD]] {
// CN-NEXT:            nvgpu.tma.async.load {{.*}} multicast_mask = %c3_i16 : <tensor = memref<128x64xbf16
// CN-NEXT:          }
// CN:               nvgpu.tma.async.load {{.*}} : <tensor = memref<256x64xbf16
// CN:         gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}cluster_n = 2,

// Nor the launched clusters: the persistent blocks' stride is the grid
// compiled (the 128 tiles' 128 blocks).
// NONE:       gpu.launch blocks(
// NONE:         nvgpu.mbarrier.init %{{.*}}[%c4], %c8
// NONE:         gpu.barrier
// NONE:         scf.for %{{.*}} = %{{.*}} to %c128 step %c128 {

//--- linear.mlir
func.func @linear(%A: memref<1024x4096xbf16>, %B: memref<4096x4096xbf16>, %C: memref<1024x4096xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<1024x4096xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<1024x4096xbf16>, memref<4096x4096xbf16>) outs(%C : memref<1024x4096xbf16>)
  return
}

//--- m300.mlir
func.func @linear(%A: memref<300x5120xbf16>, %B: memref<5120x5120xbf16>, %C: memref<300x5120xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<300x5120xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<300x5120xbf16>, memref<5120x5120xbf16>) outs(%C : memref<300x5120xbf16>)
  return
}

//--- batched.mlir
func.func @linear(%A: memref<4x256x512xbf16>, %B: memref<4x512x1024xbf16>, %C: memref<4x256x1024xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<4x256x1024xbf16>)
  linalg.batch_matmul ins(%A, %B : memref<4x256x512xbf16>, memref<4x512x1024xbf16>) outs(%C : memref<4x256x1024xbf16>)
  return
}
