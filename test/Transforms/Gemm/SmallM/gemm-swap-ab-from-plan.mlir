// RUN: gemm-opt %s --gemm-emit-planned-kernels | FileCheck %s

// A hand-written swap-AB plan on the naive kernel of a 12 x 40 x 136 bf16
// matmul whose B is stored N x K: the emit pass builds it. 40 rows of B in
// tiles of 16 make 3 blocks of 4 warps; A's 12 rows take two 8-row tiles,
// so each lane keeps 2 x 4 accumulators. K = 136 is two steps of 64 and a
// masked one of 8.
// CHECK-LABEL: func.func @swap_ab_from_plan
// CHECK-DAG:   %[[BLOCKS:.+]] = arith.constant 3 : index
// CHECK-DAG:   %[[THREADS:.+]] = arith.constant 128 : index
// CHECK:       gpu.launch blocks(%{{.*}}) in (%{{.*}} = %[[BLOCKS]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%{{.*}}) in (%{{.*}} = %[[THREADS]],
// CHECK:         gpu.dynamic_shared_memory
// The full steps: 16-byte loads of rows of B, then of A, one mma.sync per
// (k-step, 8-row tile of A).
// CHECK:         scf.for
// CHECK:           vector.load %{{.*}} : memref<40x136xbf16>, vector<8xbf16>
// CHECK:           vector.load %{{.*}} : memref<12x136xbf16>, vector<8xbf16>
// CHECK-COUNT-8:   nvvm.mma.sync {{.*}} {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}
// CHECK:           scf.yield
// The masked last step, taken by warp 2 % 4 = 2 (K / 64 = 2 full steps).
// CHECK:         %[[C2:.+]] = arith.constant 2 : index
// CHECK:         %[[MINE:.+]] = arith.cmpi eq, %{{.*}}, %[[C2]]
// CHECK:         scf.if %[[MINE]]
// CHECK:           arith.cmpi ult
// CHECK:           arith.select
// CHECK:           vector.load
// CHECK:           arith.select
// The sum over the warps in shared memory, then C written transposed.
// CHECK:         memref.view {{.*}} to memref<4x8x32xf32, #gpu.address_space<workgroup>>
// CHECK:         gpu.barrier
// CHECK:         scf.for
// CHECK-COUNT-4:   memref.load {{.*}} : memref<4x8x32xf32, #gpu.address_space<workgroup>>
// CHECK:           memref.store {{.*}} : memref<12x40xbf16>
// CHECK:       } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "swap_ab", gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = bf16, k = 136, m = 12, n = 40, transpose_b = true>, gemm_opt.swap_ab_plan = #gemm_opt.swap_ab_plan<k_warps = 4, row_tiles = 1, unroll = 1>}
// CHECK-NOT:   gemm_opt.planned
func.func @swap_ab_from_plan(%A: memref<12x136xbf16> {gemm_opt.role = "A"},
                             %B: memref<40x136xbf16> {gemm_opt.role = "B"},
                             %C: memref<12x40xbf16> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<12x136xbf16>
    %b = memref.load %B[%c0, %c0] : memref<40x136xbf16>
    %ab = arith.mulf %a, %b : bf16
    memref.store %ab, %C[%c0, %c0] : memref<12x40xbf16>
    gpu.terminator
  } {gemm_opt.swap_ab_plan = #gemm_opt.swap_ab_plan<k_warps = 4, row_tiles = 1, unroll = 1>, gemm_opt.kernel = "matmul",
     gemm_opt.mapping = "simt", gemm_opt.planned,
     gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = bf16, k = 136, m = 12, n = 40, transpose_b = true>}
  return
}
