// RUN: gemm-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma{allow-tf32=true},gemm-wgmma{allow-tf32=true}),canonicalize,cse)" | FileCheck %s
// RUN: gemm-opt %inputs/matmul-4096x4096x4096.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma{allow-tf32=true},gemm-wgmma{allow-tf32=true}),canonicalize,cse)" | FileCheck %s --check-prefix=WS

// Rung 'wgmma' on f32 inputs with allow-tf32: TF32 wgmma reads both
// operands K-major, so a first kernel copies B (1024 x 2048) transposed
// into a 2048 x 1024 scratch buffer (TransposedCopy.cpp: 64x64 tiles, 256
// threads, 16-byte loads of B's rows into a 64x65 shared tile, 16-byte
// stores of B^T's rows; K and N are multiples of 64: no guards), and the
// tensor map of B describes that copy with the box of A's tiles (BN rows of
// 32 f32 = 128 bytes). 16 x 16 blocks of 128x128x32, one warpgroup, 3
// stages of 32 KB (the same bytes as f16's 128x128x64).
// CHECK-LABEL: func.func @tf32
// CHECK:       %[[CA:.*]] = memref.cast %arg0 : memref<2048x1024xf32> to memref<*xf32>
// CHECK:       %[[DA:.*]] = nvgpu.tma.create.descriptor %[[CA]] box[%c128, %c32] : memref<*xf32> -> <tensor = memref<128x32xf32, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK:       %[[AA:.*]] = builtin.unrealized_conversion_cast %[[DA]] : {{.*}} to i64
// CHECK:       %[[BT:.*]] = memref.alloc() : memref<2048x1024xf32>
// CHECK:       gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in ({{.*}} = %c32, {{.*}} = %c16, {{.*}} = %c1) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in ({{.*}} = %c256, {{.*}} = %c1, {{.*}} = %c1) workgroup(%[[TILE:.*]] : memref<64x65xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT:     scf.if
// CHECK:         %[[R:.*]] = arith.divui %[[TX]], %c16
// CHECK:         %[[CH:.*]] = arith.remui %[[TX]], %c16
// CHECK:         %[[C4:.*]] = arith.muli %[[CH]], %c4
// CHECK:         vector.load %arg1[{{.*}}] {alignment = 16 : i64} : memref<1024x2048xf32>, vector<4xf32>
// CHECK-COUNT-4: memref.store {{.*}}, %[[TILE]]
// CHECK-COUNT-3: vector.load %arg1[{{.*}}] {alignment = 16 : i64} : memref<1024x2048xf32>, vector<4xf32>
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[TILE]][%[[C4]], %[[R]]]
// CHECK-COUNT-3: memref.load %[[TILE]]
// CHECK:         vector.from_elements {{.*}} : vector<4xf32>
// CHECK:         vector.store {{.*}}, %[[BT]][{{.*}}] {alignment = 16 : i64, gemm_opt.kernel_fn_attrs = {gemm_opt.readonly_inputs}} : memref<2048x1024xf32>, vector<4xf32>
// CHECK-COUNT-3: vector.store {{.*}}, %[[BT]][{{.*}}] {alignment = 16 : i64} : memref<2048x1024xf32>, vector<4xf32>
// CHECK-NOT:     scf.if
// CHECK:         gpu.terminator
// CHECK:       } {gemm_opt.kernel = "matmul-transpose-b"}
// CHECK:       %[[CB:.*]] = memref.cast %[[BT]] : memref<2048x1024xf32> to memref<*xf32>
// CHECK:       %[[DB:.*]] = nvgpu.tma.create.descriptor %[[CB]] box[%c128, %c32] : memref<*xf32> -> <tensor = memref<128x32xf32, #gpu.address_space<workgroup>>
// CHECK:       %[[AB:.*]] = builtin.unrealized_conversion_cast %[[DB]] : {{.*}} to i64
// CHECK:       gpu.launch blocks({{.*}}) in ({{.*}} = %c16, {{.*}} = %c16, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c128, {{.*}} = %c1, {{.*}} = %c1) dynamic_shared_memory_size %c99328_i32
// CHECK:         %[[DYN:.*]] = gpu.dynamic_shared_memory
// CHECK:         %[[RAW:.*]] = memref.extract_aligned_pointer_as_index %[[DYN]]
// CHECK:         %[[PAD:.*]] = arith.subi %{{.*}}, %[[RAW]]
// CHECK:         %[[BAR:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 6>
// Prologue: K tiles 0..2, each one A box (128 rows at column k) and one
// B^T box (128 rows at column k), 32 KB in all.
// CHECK:         scf.if
// CHECK:           nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%c0], %c32768
// CHECK:           %[[VA:.*]] = memref.view %[[DYN]][%[[PAD]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x32xf32, #gpu.address_space<workgroup>>
// CHECK:           nvgpu.tma.async.load %{{.*}}[%c0, %{{.*}}], %[[BAR]][%c0] to %[[VA]]
// CHECK:           %[[OB:.*]] = arith.addi %[[PAD]], %c16384
// CHECK:           %[[VB:.*]] = memref.view %[[DYN]][%[[OB]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x32xf32, #gpu.address_space<workgroup>>
// CHECK:           nvgpu.tma.async.load %{{.*}}[%c0, %{{.*}}], %[[BAR]][%c0] to %[[VB]]
// CHECK-NEXT:      nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%c1], %c32768
// CHECK-COUNT-2:   nvgpu.tma.async.load %{{.*}}[%c32, %{{.*}}], %[[BAR]][%c1]
// CHECK:           nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%c2], %c32768
// CHECK-COUNT-2:   nvgpu.tma.async.load %{{.*}}[%c64, %{{.*}}], %[[BAR]][%c2]
// CHECK-NOT:       nvgpu.mbarrier.arrive.expect_tx
// CHECK:         }
// K tile 0: two m64 tiles x 4 K steps of m64n128k8 TF32, both operands
// K-major (B `col`: no transpose), D = A * B first.
// CHECK:         nvgpu.mbarrier.try_wait.parity %[[BAR]][%c0], %false
// CHECK:         nvvm.wgmma.fence.aligned
// CHECK-COUNT-2: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 8>, D[<f32>, <zero>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
// CHECK-COUNT-6: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 8>, D[<f32>, <one>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
// CHECK:         nvvm.wgmma.commit.group.sync.aligned
// K = 1024: 32 K tiles.
// CHECK:         scf.for %{{.*}} = %c1 to %c32 step %c1 iter_args
// CHECK-COUNT-8:   nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK:           nvvm.wgmma.wait.group.sync.aligned 1
// CHECK:         nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NOT:     scf.if
// CHECK:         vector.store {{.*}} : memref<2048x2048xf32>, vector<2xf32>
// CHECK:       gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 32, bm = 128, bn = 128, elem_bytes = 4, group_m = 8, max_regs = 0, persistent = false, stages = 3, warp_specialized = false, warpgroups = 1>
func.func @tf32(%A: memref<2048x1024xf32>, %B: memref<1024x2048xf32>, %C: memref<2048x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2048x2048xf32>)
  linalg.matmul ins(%A, %B : memref<2048x1024xf32>, memref<1024x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}

// -----

// N = 999 (rows of B are 3996 bytes, which TMA could not load) is fine in
// TF32: TMA reads B^T, whose rows are K = 1000 f32 (4000 bytes). The
// transposing kernel reads B's unaligned rows element by element, clamped
// and zeroed past K (1000 = 15*64 + 40) and N; its 16-byte stores are
// guarded on the copy's rows (N) and padded columns. 64x64 tiles (64x128
// ones would leave SMs idle), 4 stages of 16 KB, accumulating.
// CHECK-LABEL: func.func @tf32_ragged
// CHECK:       %[[BT:.*]] = memref.alloc() : memref<999x1000xf32>
// CHECK:       gpu.launch blocks({{.*}}) in ({{.*}} = %c16, {{.*}} = %c16, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c256, {{.*}} = %c1, {{.*}} = %c1) workgroup
// CHECK-NOT:     vector.load
// CHECK:         %[[KOK:.*]] = arith.cmpi ult, %{{.*}}, %c1000
// CHECK:         arith.minui %{{.*}}, %c999
// CHECK:         %[[NOK:.*]] = arith.cmpi ult, %{{.*}}, %c999
// CHECK:         %[[OK:.*]] = arith.andi %[[KOK]], %[[NOK]]
// CHECK:         %[[V:.*]] = memref.load %arg1[{{.*}}] : memref<1000x999xf32>
// CHECK:         arith.select %[[OK]], %[[V]], %cst
// CHECK:         gpu.barrier
// CHECK:         %[[SOK:.*]] = arith.andi
// CHECK:         scf.if %[[SOK]] {
// CHECK:           vector.store {{.*}}, %[[BT]][{{.*}}] {alignment = 16 : i64{{.*}}} : memref<999x1000xf32>, vector<4xf32>
// CHECK:       } {gemm_opt.kernel = "matmul-transpose-b"}
// CHECK:       nvgpu.tma.create.descriptor {{.*}} box[%c64, %c32] : memref<*xf32> -> <tensor = memref<64x32xf32
// CHECK:       gpu.launch {{.*}} in ({{.*}} = %c16, {{.*}} = %c16, {{.*}} = %c1) {{.*}} dynamic_shared_memory_size %c66560_i32
// CHECK:         nvgpu.mbarrier.arrive.expect_tx %{{.*}}[%c0], %c16384
// CHECK-COUNT-1: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 8>, D[<f32>, <zero>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 8>, D[<f32>, <one>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
// CHECK:         scf.for
// CHECK:         nvvm.wgmma.wait.group.sync.aligned 0
// Odd N: two scalar read-add-writes per accumulator pair, guarded.
// CHECK:         scf.if
// CHECK:           memref.load %arg2
// CHECK:           arith.addf
// CHECK:           memref.store {{.*}}, %arg2
// CHECK:       gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 4, group_m = 0, max_regs = 0, persistent = false, stages = 4, warp_specialized = false, warpgroups = 1>
func.func @tf32_ragged(%A: memref<1000x1000xf32>, %B: memref<1000x999xf32>, %C: memref<1000x999xf32>) {
  linalg.matmul ins(%A, %B : memref<1000x1000xf32>, memref<1000x999xf32>) outs(%C : memref<1000x999xf32>)
  return
}

// 4096^3 by default: the warp-specialized persistent kernel of f16/bf16,
// with 128x256x32 tiles (4 stages of 48 KB, as f16's 128x256x64), one TMA
// load of A and one of B^T per stage, m64n256k8 TF32; the transposing
// kernel runs first.
// WS:      %[[BT:.*]] = memref.alloc() : memref<4096x4096xf32>
// WS:      gpu.launch {{.*}} in ({{.*}} = %c64, {{.*}} = %c64, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c256, {{.*}} = %c1, {{.*}} = %c1) workgroup
// WS:      } {gemm_opt.kernel = "matmul-transpose-b"}
// WS:      nvgpu.tma.create.descriptor {{.*}} box[%c256, %c32] : memref<*xf32> -> <tensor = memref<256x32xf32
// WS:      nvgpu.tma.create.descriptor {{.*}} box[%c64, %c32] : memref<*xf32> -> <tensor = memref<64x32xf32
// WS:      gpu.launch {{.*}} in ({{.*}} = %c132, {{.*}} = %c1, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c384, {{.*}} = %c1, {{.*}} = %c1) dynamic_shared_memory_size %c230400_i32
// WS:        gpu.dynamic_shared_memory {gemm_opt.kernel_fn_attrs = {gemm_opt.readonly_inputs, nvvm.maxnreg = 168 : i32}}
// WS:        nvvm.setmaxregister decrease 40
// K = 4096: 128 K tiles per output tile.
// WS:            scf.for %{{.*}} = %c0 to %c128 step %c1 {
// WS:                nvgpu.mbarrier.arrive.expect_tx %{{.*}}[%{{.*}}], %c49152
// WS-COUNT-2:        nvgpu.tma.async.load
// WS-NOT:            nvgpu.tma.async.load
// WS:        } else {
// WS-NEXT:     nvvm.setmaxregister increase 232
// WS:            nvvm.wgmma.fence.aligned
// WS-COUNT-4:    nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 256, k = 8>, D[<f32>, <{{zero|one}}>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
// WS:            scf.for %{{.*}} = %c1 to %c128 step %c1 iter_args
// WS:            nvgpu.tma.async.store {{.*}} : memref<64x32xf32, #gpu.address_space<workgroup>>
// WS:      gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 32, bm = 128, bn = 256, elem_bytes = 4, group_m = 8, max_regs = 168, persistent = true, stages = 4, tma_store = true, warp_specialized = true, warpgroups = 2>
