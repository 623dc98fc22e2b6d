// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-vectorize,gemm-swizzle,gemm-multi-buffer),canonicalize,cse)" | FileCheck %s
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-vectorize,gemm-swizzle,gemm-multi-buffer{stages=3 block-k=8 group-m=0 max-registers=0}),canonicalize,cse)" | FileCheck %s --check-prefix=SMALL

// Rung 'multibuffer' (seed 004 §4.3-4.4): a 4-stage ring of 16-deep shared
// tiles filled by cp.async (4-byte copies for the transposed A, 16-byte
// copies bypassing L1 for B), one async group per stage, three groups in
// flight before the loop, one wait + one barrier per K step; grouped block
// order over 8 block rows and at most 128 registers (variant mb-bk16-s4-g8
// of the H200 sweep). 4 stages of 16x(128+4) + 16x128 tiles: 66560 bytes,
// beyond the 48 KB of static shared memory, through the dynamic buffer.
// CHECK:     dynamic_shared_memory_size %c66560_i32
// CHECK:     gpu.dynamic_shared_memory {gemm_opt.kernel_fn_attrs = {nvvm.maxnreg = 128 : i32}}
// CHECK:     memref.view {{.*}} to memref<4x16x132xf32, #gpu.address_space<workgroup>>
// CHECK:     memref.view {{.*}} to memref<4x16x128xf32, #gpu.address_space<workgroup>>
// CHECK:     nvgpu.device_async_copy %arg0{{.*}}, 1 : memref<256x128xf32> to memref<4x16x132xf32
// CHECK:     nvgpu.device_async_copy %arg1{{.*}}, 4 {bypassL1} : memref<128x256xf32> to memref<4x16x128xf32
// CHECK-COUNT-3: nvgpu.device_async_create_group
// CHECK-NOT: nvgpu.device_async_create_group
// CHECK:     scf.for
// CHECK:       nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK-NEXT:  gpu.barrier
// CHECK:       nvgpu.device_async_copy
// CHECK:       nvgpu.device_async_create_group
// CHECK:       math.fma
// CHECK-NOT:   gpu.barrier
// CHECK:       scf.yield
// CHECK:     nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK:     bk = 16{{.*}}group_m = 8, max_regs = 128, read_only = false, stages = 4

// The options override the defaults: seed 004's 3 stages of 8-deep tiles,
// 3 x (8x132 + 8x128) x 4 = 24960 bytes, two groups in flight, no cap.
// SMALL-NOT: nvvm.maxnreg
// SMALL:     dynamic_shared_memory_size %c24960_i32
// SMALL:     memref.view {{.*}} to memref<3x8x132xf32, #gpu.address_space<workgroup>>
// SMALL-COUNT-2: nvgpu.device_async_create_group
// SMALL-NOT: nvgpu.device_async_create_group
// SMALL:     scf.for
// SMALL:     nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// SMALL:     bk = 8{{.*}}group_m = 0, max_regs = 0{{.*}}stages = 3

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
