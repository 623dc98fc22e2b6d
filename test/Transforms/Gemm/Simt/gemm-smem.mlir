// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling))" | FileCheck %s
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling{block-m=16 block-n=16 block-k=16}))" | FileCheck %s --check-prefix=OPT
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling{read-only=0 max-registers=64}))" | FileCheck %s --check-prefix=KNOBS
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling{register-prefetch=0}))" | FileCheck %s --check-prefix=NOPF

// Rung 'smem' (seed 000 v2): 32x32 tiles of A and B in shared memory (one
// dynamic shared-memory buffer viewed as two tiles), 1024 threads, a barrier
// after the loads and one after the compute of every K step. A and B are
// read-only kernel arguments (ld.global.nc), as the seed reads them through
// `const __restrict__` pointers.
// CHECK:      gpu.launch
// CHECK-SAME: threads(%{{.*}}) in (%{{.*}} = %c1024
// CHECK-SAME: dynamic_shared_memory_size %c8192_i32
// CHECK:      gpu.dynamic_shared_memory {gemm_opt.kernel_fn_attrs = {gemm_opt.readonly_inputs}} : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:      memref.view {{.*}} to memref<1x32x32xf32, #gpu.address_space<workgroup>>
// CHECK:      memref.view {{.*}} to memref<1x32x32xf32, #gpu.address_space<workgroup>>
// The next K tile's A and B elements are loaded into registers before the
// current tile's inner loop (register prefetch: tile 0 before the loop,
// tile kt + 1 in iteration kt, clamped to the last tile) and stored to
// shared memory at the top of the next iteration.
// CHECK:      %[[A0:.*]] = memref.load %arg0
// CHECK:      %[[B0:.*]] = memref.load %arg1
// CHECK:      scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]]) -> (f32, f32, f32)
// CHECK:        memref.store %[[A]], {{.*}} : memref<1x32x32xf32, #gpu.address_space<workgroup>>
// CHECK:        memref.store %[[B]], {{.*}} : memref<1x32x32xf32, #gpu.address_space<workgroup>>
// CHECK:        gpu.barrier
// CHECK:        arith.minui %{{.*}}, %c3
// CHECK:        %[[NA:.*]] = memref.load %arg0
// CHECK:        %[[NB:.*]] = memref.load %arg1
// CHECK-COUNT-32: math.fma
// CHECK:        gpu.barrier
// CHECK:        scf.yield %{{.*}}, %[[NA]], %[[NB]] : f32, f32, f32
// CHECK:      gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt", gemm_opt.problem = {{.*}}, gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}bk = 32, bm = 32, bn = 32{{.*}}register_prefetch = true{{.*}}stages = 1, tm = 1, tn = 1, vector = 1

// Without the prefetch (seed 000 v2 as written): load, store, barrier,
// compute, barrier.
// NOPF:      scf.for {{.*}} iter_args({{.*}}) -> (f32)
// NOPF:        memref.load %arg0
// NOPF:        memref.store {{.*}} : memref<1x32x32xf32, #gpu.address_space<workgroup>>
// NOPF:        memref.load %arg1
// NOPF:        gpu.barrier
// NOPF-COUNT-32: math.fma
// NOPF:        gpu.barrier
// NOPF:        scf.yield
// NOPF:      gemm_opt.simt_plan =
// NOPF-NOT:  register_prefetch
// NOPF-SAME: stages = 1

// Options override the heuristic: 16x16x16 tiles, 256 threads.
// OPT:      gpu.launch
// OPT-SAME: in (%{{.*}} = %c256
// OPT:      memref.view {{.*}} to memref<1x16x16xf32
// OPT:      memref.view {{.*}} to memref<1x16x16xf32
// OPT:      gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}bk = 16, bm = 16, bn = 16

// The read-only loads and the register cap are options.
// KNOBS:      gpu.dynamic_shared_memory {gemm_opt.kernel_fn_attrs = {nvvm.maxnreg = 64 : i32}}
// KNOBS-SAME: : memref<?xi8
// KNOBS:      gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}max_regs = 64, read_only = false

func.func @matmul(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
