// The TMA-store epilogue with an f16 C: boxes of 64 rows x 64 f16 (128
// bytes), so a warpgroup's 256 columns are 4 boxes, the accumulator pairs
// rounded to f16 before the (4-byte) shared-memory stores.
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma),canonicalize,cse)" | FileCheck %s
// block-n=192: 3 boxes per tile, an odd count, so a tile's first box
// reuses the buffer of the previous tile's last one and waits until no
// store reads any more (wait_group 0), the others until at most one does.
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{block-n=192}),canonicalize,cse)" | FileCheck %s --check-prefix=ODD

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
// ODD:         nvvm.cp.async.bulk.wait_group 1 {read}
// ODD:         nvgpu.tma.async.store
// ODD:         nvvm.cp.async.bulk.wait_group 1 {read}
// ODD:         nvgpu.tma.async.store
// ODD-NOT:     nvgpu.tma.async.store
// ODD:         bn = 192
func.func @matmul(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<4096x4096xf16>)
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf16>)
  return
}
