// With emit=false (as the stage pipelines run them) the matmul rungs only
// refine the plan on the kernel's launch; gemm-emit-planned-kernels builds
// the kernel once, from the final plan.
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling{emit=0},gemm-register-tiling-1d{emit=0}))" | FileCheck %s --check-prefix=PLANNED
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling{emit=0},gemm-register-tiling-1d{emit=0},gemm-emit-planned-kernels))" | FileCheck %s --check-prefix=BUILT
// RUN: gemm-opt %inputs/matmul-bf16-4097x4097x4097.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling{emit=0},gemm-register-tiling-1d{emit=0},gemm-register-tiling-2d{emit=0},gemm-vectorize{emit=0},gemm-swizzle{emit=0},gemm-multi-buffer{emit=0},gemm-warp-tiling{emit=0},gemm-mma{emit=0},gemm-wgmma{emit=0},gemm-emit-planned-kernels))" 2>/dev/null | FileCheck %s --check-prefix=WGMMA
// RUN: gemm-opt %s -split-input-file -verify-diagnostics --gemm-emit-planned-kernels

// After the planning rungs the launch is still the coalesced kernel (no
// shared memory), carrying reg1d's plan and the planned mark.
// PLANNED:      gpu.launch
// PLANNED-NOT:  dynamic_shared_memory_size
// PLANNED:      memref.load
// PLANNED:      } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt", gemm_opt.planned,
// PLANNED-SAME:   gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}bk = 8, bm = 64, bn = 64{{.*}}tm = 8, tn = 1

// The emit pass built reg1d's kernel: shared memory, the same plan, no mark.
// BUILT:        gpu.launch {{.*}} dynamic_shared_memory_size
// BUILT:        gpu.barrier
// BUILT:        } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt",
// BUILT-SAME:     gemm_opt.simt_plan = #gemm_opt.simt_plan<{{.*}}bk = 8, bm = 64, bn = 64{{.*}}tm = 8, tn = 1
// BUILT-NOT:    gemm_opt.planned

// The whole ladder planned, one kernel built: the padded staging copy of
// A and B, then the wgmma kernel; no SIMT or mma kernel was ever built.
// WGMMA-NOT:    gemm_opt.simt_plan
// WGMMA-NOT:    gemm_opt.mma_plan
// WGMMA:        } {gemm_opt.kernel = "matmul-pad-staging"}
// WGMMA-NOT:    gemm_opt.simt_plan
// WGMMA-NOT:    gemm_opt.mma_plan
// WGMMA:        nvvm.wgmma.mma_async
// WGMMA:        } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "wgmma", gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 4097, m = 4097, n = 4097>, gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}staged_a = true, staged_b = true
// WGMMA-NOT:    gemm_opt.planned

func.func @no_plan(%A: memref<8x8xf32> {gemm_opt.role = "A"},
                   %B: memref<8x8xf32> {gemm_opt.role = "B"},
                   %C: memref<8x8xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{a planned matmul launch without a plan (gemm_opt.simt_plan, mma_plan, gemv_plan, swap_ab_plan or wgmma_plan)}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<8x8xf32>
    %b = memref.load %B[%c0, %c0] : memref<8x8xf32>
    %ab = arith.mulf %a, %b : f32
    memref.store %ab, %C[%c0, %c0] : memref<8x8xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "simt", gemm_opt.planned,
     gemm_opt.problem = #gemm_opt.matmul<a = f32, accumulate = true, b = f32, c = f32, k = 8, m = 8, n = 8>}
  return
}


// -----

// A wgmma plan written by hand whose 96-column tiles do not fit B stored
// K x N (read in 64-column panels); the attribute's verifier takes any
// multiple of 8 (B stored N x K reads any).
func.func @panels(%A: memref<256x256xbf16> {gemm_opt.role = "A"},
                  %B: memref<256x256xbf16> {gemm_opt.role = "B"},
                  %C: memref<256x256xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{invalid wgmma plan: block-n=96 is not a multiple of 64, the panels in which B stored K x N is read}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<256x256xbf16>
    %b = memref.load %B[%c0, %c0] : memref<256x256xbf16>
    %ab = arith.mulf %a, %b : bf16
    %x = arith.extf %ab : bf16 to f32
    memref.store %x, %C[%c0, %c0] : memref<256x256xf32>
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma", gemm_opt.planned,
     gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 256, m = 256, n = 256>,
     gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 64, bn = 96, elem_bytes = 2, group_m = 0, max_regs = 0, persistent = false, stages = 4, warp_specialized = false, warpgroups = 1>}
  return
}
