// The TMA-store epilogue with an f16 C: boxes of 64 rows x 64 f16 (128
// bytes), so a warpgroup's 256 columns are 4 boxes, the accumulator pairs
// rounded to f16 before the (4-byte) shared-memory stores.
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma),canonicalize,cse)" | FileCheck %s
// block-n=192: 3 boxes per tile, an odd count, so a tile's first box
// reuses the buffer of the previous tile's last one and waits until no
// store reads any more (wait_group 0); box 1 follows the previous tile's
// box 1 (that tile's box 2 and this box 0 may still read: 2), box 2 this
// tile's box 0 (1).
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{block-n=192}),canonicalize,cse)" | FileCheck %s --check-prefix=ODD
// store-buffers: a box of its own for each of a tile's boxes (4, with a
// ring of 3 slots to make room), so every box waits only for the store
// from its buffer one tile back (3 later stores may still read). With 3
// buffers for 4 boxes, box i goes into buffer i % 3: box 0 follows the
// previous tile's box 3 on buffer 0 (no later store: wait 0), boxes 1 and
// 2 that tile's boxes 1 and 2 (3 later stores each), box 3 this tile's
// box 0 (2 later).
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{store-buffers=4 stages=3}),canonicalize,cse)" | FileCheck %s --check-prefix=BOXES
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{store-buffers=3 stages=3}),canonicalize,cse)" | FileCheck %s --check-prefix=THREE

// CHECK-LABEL: func.func @matmul
// CHECK:       nvgpu.tma.create.descriptor {{.*}} box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK:       arith.truncf {{.*}} : vector<2xf32> to vector<2xf16>
// CHECK:       vector.store {{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK-COUNT-4: nvgpu.tma.async.store
// CHECK-NOT:   nvgpu.tma.async.store
// CHECK:       tma_store = true

// ODD-LABEL:   func.func @matmul
// ODD:         nvvm.cp.async.bulk.wait_group 0 {read}
// ODD:         nvgpu.tma.async.store
// ODD:         nvvm.cp.async.bulk.wait_group 2 {read}
// ODD:         nvgpu.tma.async.store
// ODD:         nvvm.cp.async.bulk.wait_group 1 {read}
// ODD:         nvgpu.tma.async.store
// ODD-NOT:     nvgpu.tma.async.store
// ODD:         bn = 192

// BOXES-LABEL: func.func @matmul
// BOXES-COUNT-4: nvvm.cp.async.bulk.wait_group 3 {read}
// BOXES-NOT:   nvvm.cp.async.bulk.wait_group {{[0-9]+}} {read}
// BOXES:       nvvm.cp.async.bulk.wait_group 0{{$}}
// BOXES:       stages = 3, store_buffers = 4, tma_store = true

// THREE-LABEL: func.func @matmul
// THREE:       nvvm.cp.async.bulk.wait_group 0 {read}
// THREE:       nvvm.cp.async.bulk.wait_group 3 {read}
// THREE:       nvvm.cp.async.bulk.wait_group 3 {read}
// THREE:       nvvm.cp.async.bulk.wait_group 2 {read}
// THREE:       store_buffers = 3
func.func @matmul(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<4096x4096xf16>)
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf16>)
  return
}
