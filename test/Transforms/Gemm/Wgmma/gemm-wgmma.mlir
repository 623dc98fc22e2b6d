// RUN: gemm-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma),canonicalize,cse)" | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma),canonicalize,cse)" | FileCheck %s --check-prefix=WS
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma),canonicalize,cse)" | FileCheck %s --check-prefix=WS2
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tma-store=0}),canonicalize,cse)" | FileCheck %s --check-prefix=REGS
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{warp-specialized=0 persistent=0 warpgroups=2 block-n=256 stages=4 group-m=4 max-registers=200}),canonicalize,cse)" | FileCheck %s --check-prefix=OVERRIDE

// Rung 'wgmma' on f16 with C zeroed (beta = 0), 16 x 16 blocks of 128x128:
// one warpgroup, 3 TMA stages of 32 KB (+1 KB to align the base to 1024).
// Host: a tensor map per operand (A: 128x64 box, B: 64x64 panels), 128-byte
// swizzle, passed as an i64 address.
// CHECK-LABEL: func.func @f16
// CHECK:       %[[CA:.*]] = memref.cast %arg0 : memref<2048x1024xf16> to memref<*xf16>
// CHECK:       %[[DA:.*]] = nvgpu.tma.create.descriptor %[[CA]] box[%c128, %c64] : memref<*xf16> -> <tensor = memref<128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK:       %[[AA:.*]] = builtin.unrealized_conversion_cast %[[DA]] : {{.*}} to i64
// CHECK:       %[[CB:.*]] = memref.cast %arg1 : memref<1024x2048xf16> to memref<*xf16>
// CHECK:       %[[DB:.*]] = nvgpu.tma.create.descriptor %[[CB]] box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK:       %[[AB:.*]] = builtin.unrealized_conversion_cast %[[DB]] : {{.*}} to i64
// CHECK:       gpu.launch blocks({{.*}}) in ({{.*}} = %c16, {{.*}} = %c16, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c128, {{.*}} = %c1, {{.*}} = %c1) dynamic_shared_memory_size %c99328_i32
// CHECK:         %[[PA:.*]] = llvm.inttoptr %[[AA]] : i64 to !llvm.ptr
// CHECK:         %[[MA:.*]] = builtin.unrealized_conversion_cast %[[PA]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16
// CHECK:         %[[PB:.*]] = llvm.inttoptr %[[AB]] : i64 to !llvm.ptr
// CHECK:         %[[MB:.*]] = builtin.unrealized_conversion_cast %[[PB]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16
// The base rounded up to 1024 bytes.
// CHECK:         %[[DYN:.*]] = gpu.dynamic_shared_memory
// CHECK:         %[[RAW:.*]] = memref.extract_aligned_pointer_as_index %[[DYN]]
// CHECK:         %[[UP:.*]] = arith.addi %[[RAW]], %c1023
// CHECK:         %[[AL:.*]] = arith.andi %[[UP]], %c-1024
// CHECK:         %[[PAD:.*]] = arith.subi %[[AL]], %[[RAW]]
// Full barriers 0..2 (one arrive: expect_tx), empty barriers 3..5 (4 warps).
// CHECK:         %[[BAR:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 6>
// CHECK:         scf.if
// CHECK:           nvgpu.mbarrier.init %[[BAR]][%c0], %c1
// CHECK:           nvgpu.mbarrier.init %[[BAR]][%c3], %c4
// CHECK:           nvvm.fence.mbarrier.init
// CHECK:           nvgpu.tma.prefetch.descriptor %[[MA]]
// CHECK:           nvgpu.tma.prefetch.descriptor %[[MB]]
// CHECK:         gpu.barrier
// Prologue: K tiles 0..2, each A (128 rows at column k) and two B panels.
// CHECK:         scf.if
// CHECK:           nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%c0], %c32768
// CHECK:           %[[VA:.*]] = memref.view %[[DYN]][%[[PAD]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
// CHECK:           nvgpu.tma.async.load %[[MA]][%c0, %[[ROW:.*]]], %[[BAR]][%c0] to %[[VA]]
// CHECK:           %[[OB0:.*]] = arith.addi %[[PAD]], %c16384
// CHECK:           %[[VB0:.*]] = memref.view %[[DYN]][%[[OB0]]][] {{.*}} to memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK:           nvgpu.tma.async.load %[[MB]][%[[COL:.*]], %c0], %[[BAR]][%c0] to %[[VB0]]
// CHECK:           %[[COL1:.*]] = arith.addi %[[COL]], %c64
// CHECK:           nvgpu.tma.async.load %[[MB]][%[[COL1]], %c0], %[[BAR]][%c0]
// CHECK:           nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%c1], %c32768
// CHECK:           nvgpu.tma.async.load %[[MA]][%c64, %[[ROW]]], %[[BAR]][%c1]
// CHECK:           nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%c2], %c32768
// CHECK-NOT:       nvgpu.mbarrier.arrive.expect_tx
// CHECK:         }
// K tile 0: D = A * B (scale-d zero), two m64 tiles x 4 K steps, no wait.
// CHECK:         nvgpu.mbarrier.try_wait.parity %[[BAR]][%c0], %false
// CHECK:         nvvm.wgmma.fence.aligned
// CHECK-COUNT-2: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <zero>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK-COUNT-6: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK:         nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT:     nvvm.wgmma.wait.group
// CHECK:         scf.for %[[KT:.*]] = %c1 to %c16 step %c1 iter_args
// CHECK:           %[[SLOT:.*]] = arith.remui %[[KT]], %c3
// CHECK:           nvgpu.mbarrier.try_wait.parity %[[BAR]][%[[SLOT]]]
// CHECK:           nvvm.wgmma.fence.aligned
// CHECK-COUNT-8:   nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK:           nvvm.wgmma.commit.group.sync.aligned
// CHECK:           nvvm.wgmma.wait.group.sync.aligned 1
// Lane 0 of each warp releases the slot of K tile kt-1 ...
// CHECK:           %[[NEXT:.*]] = arith.addi %[[KT]], %c2
// CHECK:           %[[PREV:.*]] = arith.remui %[[NEXT]], %c3
// CHECK:           scf.if
// CHECK:             %[[EMPTY:.*]] = arith.addi %[[PREV]], %c3
// CHECK:             nvgpu.mbarrier.arrive %[[BAR]][%[[EMPTY]]]
// ... and thread 0 refills it with K tile kt+2 once all 4 warps have.
// CHECK:           arith.cmpi ult, %[[NEXT]], %c16
// CHECK:           scf.if
// CHECK:             nvgpu.mbarrier.try_wait.parity %[[BAR]][%[[EMPTY2:.*]]]
// CHECK:             nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%[[PREV]]], %c32768
// CHECK:             nvgpu.tma.async.load %[[MA]]
// CHECK:           scf.yield
// CHECK:         } {llvm.loop_annotation
// CHECK:         nvvm.wgmma.wait.group.sync.aligned 0
// Epilogue: unguarded pairs of f32.
// CHECK-NOT:     scf.if
// CHECK:         llvm.extractvalue
// CHECK:         vector.store {{.*}} : memref<2048x2048xf32>, vector<2xf32>
// CHECK:       gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 128, elem_bytes = 2, group_m = 8, max_regs = 0, persistent = false, stages = 3, warp_specialized = false, warpgroups = 1>
func.func @f16(%A: memref<2048x1024xf16>, %B: memref<1024x2048xf16>, %C: memref<2048x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2048x2048xf32>)
  linalg.matmul ins(%A, %B : memref<2048x1024xf16>, memref<1024x2048xf16>) outs(%C : memref<2048x2048xf32>)
  return
}

// -----

// bf16 into bf16 C, accumulated (beta = 1), M and N ragged (1000): grids of
// 128x128 and 64x128 tiles would leave SMs idle, so 64x64 tiles (one
// m64n64 per K step), 4 stages of 16 KB; TMA zero-fills the ragged tiles
// and the stores are guarded, read-add-write of bf16 pairs.
// CHECK-LABEL: func.func @bf16_ragged
// CHECK:       nvgpu.tma.create.descriptor {{.*}} box[%c64, %c64] : memref<*xbf16> -> <tensor = memref<64x64xbf16
// CHECK:       gpu.launch {{.*}} in ({{.*}} = %c16, {{.*}} = %c16, {{.*}} = %c1) {{.*}} dynamic_shared_memory_size %c66560_i32
// CHECK:         nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 8>
// CHECK:         nvgpu.mbarrier.arrive.expect_tx %{{.*}}[%c0], %c16384
// CHECK-COUNT-1: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 16>, D[<f32>, <zero>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <row>]
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <row>]
// CHECK:         scf.for
// CHECK:         nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:         %[[OK:.*]] = arith.andi
// CHECK:         scf.if %[[OK]] {
// CHECK:           %[[OLD:.*]] = vector.load %arg2[{{.*}}] {alignment = 4 : i64} : memref<1000x1000xbf16>, vector<2xbf16>
// CHECK:           %[[WIDE:.*]] = arith.extf %[[OLD]] : vector<2xbf16> to vector<2xf32>
// CHECK:           %[[SUM:.*]] = arith.addf %[[WIDE]]
// CHECK:           %[[NARROW:.*]] = arith.truncf %[[SUM]] : vector<2xf32> to vector<2xbf16>
// CHECK:           vector.store %[[NARROW]], %arg2[{{.*}}] {alignment = 4 : i64} : memref<1000x1000xbf16>, vector<2xbf16>
// CHECK:       gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 64, bn = 64, c_elem_bytes = 2, elem_bytes = 2, group_m = 0, max_regs = 0, persistent = false, stages = 4, warp_specialized = false, warpgroups = 1>
func.func @bf16_ragged(%A: memref<1000x1024xbf16>, %B: memref<1024x1000xbf16>, %C: memref<1000x1000xbf16>) {
  linalg.matmul ins(%A, %B : memref<1000x1024xbf16>, memref<1024x1000xbf16>) outs(%C : memref<1000x1000xbf16>)
  return
}

// -----

// K = 40 < BK: one K tile, partly past K (TMA fills zeros), no loop.
// CHECK-LABEL: func.func @short_k
// CHECK:       nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT:   scf.for
// CHECK:       nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:       gemm_opt.wgmma_plan
func.func @short_k(%A: memref<128x40xf16>, %B: memref<40x128xf16>, %C: memref<128x128xf32>) {
  linalg.matmul ins(%A, %B : memref<128x40xf16>, memref<40x128xf16>) outs(%C : memref<128x128xf32>)
  return
}

// 4096^3 by default: warp-specialized and persistent. 132 blocks of 384
// threads (a producer warpgroup and 2 consumer warpgroups) walk the 512
// tiles of 128x256; 4 stages of 48 KB and two 8 KB TMA-store boxes per
// consumer; a 168-register cap. C gets a tensor map of 64 x 32 f32 boxes.
// WS:      nvgpu.tma.create.descriptor {{.*}} box[%c64, %c32] : memref<*xf32> -> <tensor = memref<64x32xf32, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// WS:      gpu.launch {{.*}} in ({{.*}} = %c132, {{.*}} = %c1, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c384, {{.*}} = %c1, {{.*}} = %c1) dynamic_shared_memory_size %c230400_i32
// WS:        gpu.dynamic_shared_memory {gemm_opt.kernel_fn_attrs = {gemm_opt.readonly_inputs, nvvm.maxnreg = 168 : i32}}
// Empty barriers count the 8 consumer warps.
// WS:        nvgpu.mbarrier.init %{{.*}}[%c4], %c8
// WS:        gpu.barrier
// WS:        %[[WG:.*]] = arith.divui %{{.*}}, %c128
// WS:        %[[PROD:.*]] = arith.cmpi eq, %[[WG]], %c0
// WS:        scf.if %[[PROD]] {
// WS-NEXT:     nvvm.setmaxregister decrease 40
// WS-NEXT:     scf.if
// WS-NEXT:       scf.for %[[TILE:.*]] = %{{.*}} to %c512 step %c132 {
// WS:              scf.for %[[KT:.*]] = %c0 to %c64 step %c1 {
// Step it = local tile * 64 + kt goes to slot it % 4 once step it - 4 was
// released: the ((it / 4) - 1)-th phase of its empty barrier.
// WS:                %[[IT:.*]] = arith.addi %{{.*}}, %[[KT]]
// WS:                %[[SLOT:.*]] = arith.remui %[[IT]], %c4
// WS:                %[[REUSE:.*]] = arith.cmpi uge, %[[IT]], %c4
// WS:                scf.if %[[REUSE]] {
// WS:                  nvgpu.mbarrier.try_wait.parity
// WS:                }
// WS:                nvgpu.mbarrier.arrive.expect_tx %{{.*}}[%[[SLOT]]], %c49152
// WS-COUNT-5:        nvgpu.tma.async.load
// Producer tail: it leaves once the last 4 steps were released.
// WS-COUNT-4:    nvgpu.mbarrier.try_wait.parity
// WS-NOT:        nvgpu.tma.async.load
// WS:        } else {
// WS-NEXT:     nvvm.setmaxregister increase 232
// WS:          scf.for %{{.*}} = %{{.*}} to %c512 step %c132 {
// WS:            nvgpu.mbarrier.try_wait.parity
// WS:            nvvm.wgmma.fence.aligned
// WS-COUNT-4:    nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 256, k = 16>
// WS:            nvvm.wgmma.commit.group.sync.aligned
// WS:            scf.for %{{.*}} = %c1 to %c64 step %c1 iter_args
// WS:              nvvm.wgmma.wait.group.sync.aligned 1
// WS:              nvgpu.mbarrier.arrive
// WS:            nvvm.wgmma.wait.group.sync.aligned 0
// WS:            nvgpu.mbarrier.arrive
// The epilogue, 8 boxes of 32 columns per warpgroup through 2 alternating
// staging boxes: the elected thread waits until at most its latest store
// still reads shared memory, the warpgroup's named barrier, 8 pair stores
// into the (swizzled) box, the async-proxy fence, the barrier again, then
// one TMA store and its bulk group.
// WS-COUNT-8:    nvvm.cp.async.bulk.wait_group 1 {read}
// WS-NOT:        memref<4096x4096xf32>
// WS:          nvvm.cp.async.bulk.wait_group 0
// WS:      gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, stages = 4, tma_store = true, warp_specialized = true, warpgroups = 2>
// One box in detail.
// WS2:           nvvm.cp.async.bulk.wait_group 1 {read}
// WS2:         nvvm.barrier id = %[[BAR:.*]] number_of_threads = %c128_i32
// WS2-COUNT-8: vector.store {{.*}} {alignment = 8 : i64} : memref<64x32xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// WS2-NEXT:    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// WS2-NEXT:    nvvm.barrier id = %[[BAR]] number_of_threads = %c128_i32
// WS2:           nvgpu.tma.async.store %{{.*}} to %{{.*}}[%{{.*}}, %{{.*}}] : memref<64x32xf32, #gpu.address_space<workgroup>>
// WS2-NEXT:      nvvm.cp.async.bulk.commit.group

// tma-store=0: the consumers store C from registers, 2 elements at a time.
// REGS:      dynamic_shared_memory_size %c197632_i32
// REGS-NOT:  nvgpu.tma.async.store
// REGS:      vector.store {{.*}} : memref<4096x4096xf32>, vector<2xf32>
// REGS-NOT:  nvgpu.tma.async.store
// REGS:      gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}max_regs = 168, persistent = true, {{.*}}warp_specialized = true, warpgroups = 2>

// Options override the plan (here: back to the kernel without a producer
// warpgroup): two warpgroups on a 128x256 tile (each one
// m64n256 wgmma per K step: 128 accumulators), 4 stages of 48 KB.
// OVERRIDE:      nvgpu.tma.create.descriptor {{.*}} box[%c128, %c64]
// OVERRIDE:      gpu.launch {{.*}} in ({{.*}} = %c16, {{.*}} = %c32, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c256, {{.*}} = %c1, {{.*}} = %c1) dynamic_shared_memory_size %c197632_i32
// OVERRIDE:      gpu.dynamic_shared_memory {gemm_opt.kernel_fn_attrs = {gemm_opt.readonly_inputs, nvvm.maxnreg = 200 : i32}}
// OVERRIDE:      nvgpu.mbarrier.init %{{.*}}[%c4], %c8
// OVERRIDE:      nvgpu.mbarrier.arrive.expect_tx %{{.*}}[%c0], %c49152
// OVERRIDE-COUNT-4: nvgpu.tma.async.load
// OVERRIDE-COUNT-4: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 256, k = 16>
// OVERRIDE:      scf.for
// OVERRIDE:      gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, elem_bytes = 2, group_m = 4, max_regs = 200, persistent = false, stages = 4, warp_specialized = false, warpgroups = 2>
