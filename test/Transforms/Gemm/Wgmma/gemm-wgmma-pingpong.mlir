// Ping-pong consumers (pingpong=1) on 4096^3 f16: the producer warpgroup
// loads every tile of the block in order; consumer warpgroup c (0, 1) owns
// whole tiles, the block's local tiles c, c + 2, ..., with accumulators of
// its own, so one consumer's epilogue overlaps the other's K loop.
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{warp-specialized=1 persistent=1 warpgroups=2 max-registers=168 pingpong=1 block-m=64 block-n=256 stages=5}),canonicalize,cse)" | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{warp-specialized=1 persistent=1 warpgroups=2 max-registers=168 pingpong=1 block-m=128 block-n=128 stages=6}),canonicalize,cse)" | FileCheck %s --check-prefix=SQ

// 64x256 tiles (1024 of them over 132 blocks), 5 stages of 8 KB
// of A + 32 KB of B: full barriers 0..4, empty barriers 5..9 counting the
// 4 warps of one consumer, turn barriers 10 and 11 (4 warps each).
// CHECK:      nvgpu.tma.create.descriptor {{.*}} box[%c64, %c64]
// CHECK:      gpu.launch {{.*}} in ({{.*}} = %c132, {{.*}} = %c1, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c384, {{.*}} = %c1, {{.*}} = %c1) dynamic_shared_memory_size %c205824_i32
// CHECK:        %[[BAR:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 12>
// CHECK:          nvgpu.mbarrier.init %[[BAR]][%c0], %c1
// CHECK:          nvgpu.mbarrier.init %[[BAR]][%c5], %c4
// CHECK:          nvgpu.mbarrier.init %[[BAR]][%c10], %c4
// CHECK:          nvgpu.mbarrier.init %[[BAR]][%c11], %c4
// CHECK:          nvvm.fence.mbarrier.init
// CHECK:        gpu.barrier
// CHECK:        %[[WG:.*]] = arith.divui %{{.*}}, %c128
// CHECK:        %[[PROD:.*]] = arith.cmpi eq, %[[WG]], %c0
// CHECK:        scf.if %[[PROD]] {
// The producer walks every tile of the block: A (64 rows) + 4 B panels.
// CHECK-NEXT:     nvvm.setmaxregister decrease 40
// CHECK:            scf.for %{{.*}} = %{{.*}} to %c1024 step %c132 {
// CHECK:              scf.for %{{.*}} = %c0 to %c64 step %c1 {
// CHECK:                nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%{{.*}}], %c40960
// CHECK-COUNT-5:        nvgpu.tma.async.load
// CHECK:        } else {
// CHECK-NEXT:     nvvm.setmaxregister increase 232
// Consumer c = warpgroup - 1 starts at local tile c and steps over 2.
// CHECK-NEXT:     %[[C:.*]] = arith.subi %[[WG]], %c1
// CHECK:          %[[OFF:.*]] = arith.muli %[[C]], %c132
// CHECK:          %[[FROM:.*]] = arith.addi %{{.*}}, %[[OFF]]
// CHECK:          scf.for %[[TILE:.*]] = %[[FROM]] to %c1024 step %c264 {
// CHECK:            %[[REL:.*]] = arith.subi %[[TILE]], %{{.*}}
// CHECK:            %[[LOCAL:.*]] = arith.divui %[[REL]], %c132
// Local tile l >= 1 waits for its turn: the ((l-1)/2)-th completion of
// turn barrier 10 + c.
// CHECK:            %[[LATER:.*]] = arith.cmpi uge, %[[LOCAL]], %c1
// CHECK:            scf.if %[[LATER]] {
// CHECK:              %[[L1:.*]] = arith.subi %[[LOCAL]], %c1
// CHECK:              %[[HALF:.*]] = arith.divui %[[L1]], %c2
// CHECK:              %[[PH:.*]] = arith.remui %[[HALF]], %c2
// CHECK:              %[[PAR:.*]] = arith.index_cast %[[PH]] : index to i1
// CHECK:              %[[TURN:.*]] = arith.addi %[[WG]], %c9
// CHECK:              nvgpu.mbarrier.try_wait.parity %[[BAR]][%[[TURN]]], %[[PAR]]
// CHECK:            }
// Then its K loop over the whole 64-row A tile (no per-warpgroup row
// offset): one m64n256k16 per K step of 16.
// CHECK:            %[[FIRST:.*]] = arith.muli %[[LOCAL]], %c64
// CHECK:            nvgpu.mbarrier.try_wait.parity %[[BAR]]
// CHECK:            nvvm.wgmma.fence.aligned
// CHECK-COUNT-4:    nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 256, k = 16>
// CHECK:            nvvm.wgmma.commit.group.sync.aligned
// CHECK:            scf.for %{{.*}} = %c1 to %c64 step %c1 iter_args
// CHECK:              nvvm.wgmma.wait.group.sync.aligned 1
// CHECK:              nvgpu.mbarrier.arrive %[[BAR]]
// CHECK:            } {llvm.loop_annotation
// Issued: lane 0 of each warp hands the turn to the other consumer
// (barrier 10 + (1 - c) = 12 - warpgroup) before waiting for its wgmmas.
// CHECK:            scf.if
// CHECK-NEXT:         %[[OTHER:.*]] = arith.subi %c12, %[[WG]]
// CHECK-NEXT:         nvgpu.mbarrier.arrive %[[BAR]][%[[OTHER]]]
// CHECK:            }
// CHECK-NEXT:       nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:            nvgpu.mbarrier.arrive %[[BAR]]
// CHECK:            vector.store {{.*}} : memref<4096x4096xf32>, vector<2xf32>
// CHECK:      gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 64, bn = 256, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, pingpong = true, stages = 5, warp_specialized = true, warpgroups = 2>

// 128x128 tiles, 6 stages of 32 KB: each consumer's K step is two
// m64n128k16 per K step of 16 on the consumer's own 128 rows (A at the
// tile's row 0, m64 tile 1 at +64 rows = 512 in 16-byte units).
// SQ:      gpu.launch {{.*}} in ({{.*}} = %c132, {{.*}} = %c1, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c384, {{.*}} = %c1, {{.*}} = %c1) dynamic_shared_memory_size %c197632_i32
// SQ:        nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 14>
// SQ:          nvgpu.mbarrier.init %{{.*}}[%c6], %c4
// SQ:          nvgpu.mbarrier.init %{{.*}}[%c12], %c4
// SQ:          nvgpu.mbarrier.init %{{.*}}[%c13], %c4
// SQ:        nvvm.setmaxregister increase 232
// SQ:        scf.for %{{.*}} = %{{.*}} to %c1024 step %c264 {
// SQ:          scf.if
// SQ:            %[[TURN:.*]] = arith.addi %{{.*}}, %c11
// SQ:            nvgpu.mbarrier.try_wait.parity %{{.*}}[%[[TURN]]]
// SQ:          nvgpu.mbarrier.try_wait.parity
// SQ:          nvvm.wgmma.fence.aligned
// SQ:          %[[A0:.*]] = arith.addi %{{.*}}, %c1024_i64
// SQ-NEXT:     nvvm.wgmma.mma_async %{{.*}}, %[[A0]], %{{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <zero>]
// SQ-NEXT:     %[[A1:.*]] = arith.addi %{{.*}}, %c512_i64
// SQ-NEXT:     nvvm.wgmma.mma_async %[[A1]], %[[A0]], %{{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <zero>]
// SQ-COUNT-6:  nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>]
// SQ:          scf.for
// SQ:          } {llvm.loop_annotation
// SQ:          scf.if
// SQ-NEXT:       arith.subi %c14
// SQ-NEXT:       nvgpu.mbarrier.arrive
// SQ:          nvvm.wgmma.wait.group.sync.aligned 0
// SQ:      gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}persistent = true, pingpong = true, stages = 6,
