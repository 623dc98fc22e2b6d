// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-vectorize,gemm-swizzle),canonicalize,cse)" | FileCheck %s
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d{block-m=128 block-n=128 thread-m=8 thread-n=8},gemm-vectorize,gemm-swizzle{a-pad=0 b-xor-mask=0 block-k=8 max-registers=0 read-only=0}),canonicalize,cse)" | FileCheck %s --check-prefix=OFF

// Rung 'swizzle' (seed 004 §4.2): the transposed A rows are padded from 128
// to 132 elements (the transposing stores of a warp hit 32 banks), and B's
// 16-byte groups are XOR-swizzled (g ^ ((g >> 3) & 1)) on both the stores
// and the inner-loop reads. K tile 16, at most 128 registers (nvvm.maxnreg)
// and A/B read-only (ld.global.nc): variant swizzle-bk16-r128-ro of the
// H200 sweep.
// CHECK:     gpu.dynamic_shared_memory {gemm_opt.kernel_fn_attrs = {gemm_opt.readonly_inputs, nvvm.maxnreg = 128 : i32}}
// CHECK:     memref.view {{.*}} to memref<1x16x132xf32, #gpu.address_space<workgroup>>
// CHECK:     memref.view {{.*}} to memref<1x16x128xf32, #gpu.address_space<workgroup>>
// CHECK:     arith.xori
// CHECK:     scf.for
// CHECK:       arith.xori
// CHECK:       vector.store {{.*}} : memref<1x16x128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK:     a_pad = 4{{.*}}b_xor = 1, bk = 16{{.*}}max_regs = 128, read_only = true

// The options override every default.
// OFF-NOT: nvvm.maxnreg
// OFF-NOT: gemm_opt.readonly_inputs
// OFF:     memref.view {{.*}} to memref<1x8x128xf32, #gpu.address_space<workgroup>>
// OFF-NOT: arith.xori
// OFF:     a_pad = 0{{.*}}b_xor = 0, bk = 8{{.*}}max_regs = 0, read_only = false

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
