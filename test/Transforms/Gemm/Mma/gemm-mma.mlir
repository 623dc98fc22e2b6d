// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma{block-m=128 block-n=128 warp-m=64 warp-n=32 group-m=8}),canonicalize,cse)" | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-1000x999x777.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma))" | FileCheck %s --check-prefix=RAGGED
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma{block-m=128 block-n=128 stages=3 block-k=64 warp-m=32 warp-n=64}))" | FileCheck %s --check-prefix=OVERRIDE
// RUN: gemm-opt %inputs/matmul-17x33x65.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma))" 2>&1 | FileCheck %s --check-prefix=F32
// RUN: gemm-opt %inputs/matmul-17x33x65.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma{allow-tf32=true}))" 2>&1 | FileCheck %s --check-prefix=TF32

// Rung 'mma' (seed 004 section 5) on f16, C accumulated (beta = 1):
// 128x128 block, 8 warps of 64x32, 4 stages of BK = 32 in 64 KB of dynamic
// shared memory; one 16-byte cp.async per chunk (2 of A and 2 of B per
// thread and tile), one group per stage; chunk c of row r stored at
// c ^ ((r / 2) & 3) in A (4 chunks per row) and c ^ (r & 7) in B.
// CHECK:      gpu.launch
// CHECK-SAME: in (%{{.*}} = %c256
// CHECK-SAME: dynamic_shared_memory_size %c65536_i32
// CHECK:      gpu.dynamic_shared_memory
// CHECK:      memref.view {{.*}} to memref<4x128x32xf16, #gpu.address_space<workgroup>>
// CHECK:      memref.view {{.*}} to memref<4x32x128xf16, #gpu.address_space<workgroup>>
// CHECK:      arith.xori
// CHECK-COUNT-4: nvgpu.device_async_copy {{.*}}, 8 {bypassL1}
// CHECK:      nvgpu.device_async_create_group
// Prologue: wait for tile 0, then its first k-step's fragments.
// CHECK:      nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK:      nvgpu.ldmatrix
// CHECK:      scf.for
// Tile kt+3 goes into the stage freed by tile kt-1, its copies spread over
// the two k-steps: half of them, the fragments of k-step 1, the mma.sync of
// k-step 0; the other half, the group, the wait for tile kt+1 and its first
// fragments, the mma.sync of k-step 1.
// CHECK-COUNT-2: nvgpu.device_async_copy
// CHECK:        arith.xori
// CHECK:        nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false} : memref<4x128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK:        nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = true} : memref<4x32x128xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-COUNT-16: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK-COUNT-2: nvgpu.device_async_copy
// CHECK:        nvgpu.device_async_create_group
// CHECK:        nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK-NEXT:   gpu.barrier
// CHECK:        nvgpu.ldmatrix
// CHECK-COUNT-16: nvgpu.mma.sync
// CHECK:        scf.yield
// CHECK:      nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// C += acc, two f32 at a time.
// CHECK:      vector.load %{{.*}} : memref<256x256xf32>, vector<2xf32>
// CHECK:      arith.addf {{.*}} : vector<2xf32>
// CHECK:      vector.store %{{.*}} : memref<256x256xf32>, vector<2xf32>
// CHECK:      gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 128, bn = 128, elem_bytes = 2, group_m = 8, max_regs = 0, stages = 4, wm = 64, wn = 32>

// bf16, rows not 16-byte aligned and a grid of 128x128 tiles that would
// leave SMs idle: 64x64 blocks of 4 warps of 32x32, guarded scalar loads
// stored as 16-byte chunks, bf16 mma through nvvm.mma.sync.
// RAGGED:     gpu.launch
// RAGGED-SAME: in (%{{.*}} = %c128
// RAGGED-NOT: nvgpu.device_async_copy
// RAGGED:     vector.store {{.*}} : memref<4x64x32xbf16, #gpu.address_space<workgroup>>, vector<8xbf16>
// RAGGED:     nvvm.mma.sync {{.*}} {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}
// RAGGED:     scf.if
// RAGGED:     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64{{.*}}group_m = 0{{.*}}wm = 32, wn = 32>

// OVERRIDE:   dynamic_shared_memory_size %c98304_i32
// OVERRIDE:   gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 64, bm = 128, bn = 128{{.*}}stages = 3, wm = 32, wn = 64>

// Invalid plans and options: gemm-mma-invalid.mlir.

// f32 without allow-tf32: the SIMT kernel stays, with a remark.
// F32:     remark: f32 matmul left on the SIMT kernel: tensor cores compute f32 inputs as TF32, which needs allow-tf32=true
// F32:     gemm_opt.simt_plan
// F32-NOT: gemm_opt.mma_plan
// TF32:     nvgpu.ldmatrix {{.*}} : memref<4x64x16xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
// TF32:     nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
// TF32:     gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 16, bm = 64, bn = 64, elem_bytes = 4

func.func @matmul(%A: memref<256x128xf16>, %B: memref<128x256xf16>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x128xf16>, memref<128x256xf16>) outs(%C : memref<256x256xf32>)
  return
}
