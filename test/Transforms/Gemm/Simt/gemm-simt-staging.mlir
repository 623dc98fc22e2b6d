// Padded staging on the SIMT rungs from vector on: an f32 operand whose
// rows are not 16-byte aligned (A: K % 4 != 0, B: N % 4 != 0) is first
// copied by the staging kernel (PaddedStaging.cpp) into scratch with rows
// padded to 16 bytes, and the matmul kernel reads that copy (identity
// layout, padded row stride, logical bounds), so its 128-bit loads and
// 16-byte cp.async hold. Default (GemmHeuristics): the synchronous rungs
// (vector, swizzle) on problems of at least 2^28 multiply-adds; the
// cp.async rungs measured slower with copies and only take them when
// forced (stage-a / stage-b).
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize))" | FileCheck %s --check-prefix=VEC
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{stage-b=1}))" | FileCheck %s --check-prefix=WT
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling))" | FileCheck %s --check-prefix=OFF
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{stage-b=1},gemm-mma{allow-tf32=true}))" | FileCheck %s --check-prefix=MMA
// RUN: gemm-opt %inputs/matmul-17x33x65.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling))" | FileCheck %s --check-prefix=SMALL
// RUN: gemm-opt %inputs/matmul-17x33x65.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize{stage-a=1 stage-b=1}))" | FileCheck %s --check-prefix=FORCED

// vector (synchronous 128-bit loads): A (1000 x 777 -> 780) and B
// (777 x 999 -> 1000) copied by one kernel, one thread per 16-byte chunk;
// the interior blocks read both copies with 128-bit loads.
// VEC-LABEL: func.func @matmul
// VEC:       %[[PA:.*]] = memref.alloc() : memref<1000x780xf32>
// VEC:       %[[PB:.*]] = memref.alloc() : memref<777x1000xf32>
// VEC:       gpu.launch
// VEC:         memref.load %arg0{{.*}} : memref<1000x777xf32>
// VEC:         vector.store {{.*}}, %[[PA]]
// VEC:         memref.load %arg1{{.*}} : memref<777x999xf32>
// VEC:         vector.store {{.*}}, %[[PB]]
// VEC:       gemm_opt.kernel = "matmul-pad-staging"
// VEC:       gpu.launch
// VEC-NOT:   %arg0[
// VEC-NOT:   %arg1[
// VEC:         vector.load %[[PA]]{{.*}} {alignment = 16 : i64} : memref<1000x780xf32>, vector<4xf32>
// VEC:         vector.load %[[PB]]{{.*}} {alignment = 16 : i64} : memref<777x1000xf32>, vector<4xf32>
// VEC:       gemm_opt.kernel = "matmul"
// VEC-SAME:  staged_a = true, staged_b = true

// warptile with stage-b=1 (cp.async ring, A stored transposed: 4-byte
// copies whatever its rows): only B is copied, once (every rung rebuilt the kernel and dropped
// the previous copy). Interior and edge blocks copy B's 16-byte chunks
// (edge blocks with a source size: zero fill past N); A comes from the
// argument in 4-byte copies. Split K: the partials' scratch and reduction
// follow.
// WT-LABEL:  func.func @matmul
// WT:        %[[PB:.*]] = memref.alloc() : memref<777x1000xf32>
// WT-NOT:    memref.alloc() : memref<1000x780xf32>
// WT:        gemm_opt.kernel = "matmul-pad-staging"
// WT:        memref.alloc() : memref<2000x1000xf32>
// WT:        gpu.launch
// WT:          nvgpu.device_async_copy %arg0{{.*}}, 1 : memref<1000x777xf32>
// WT:          nvgpu.device_async_copy %[[PB]]{{.*}}, 4 {bypassL1} : memref<777x1000xf32>
// WT:          nvgpu.device_async_copy %[[PB]]{{.*}}, 4, %{{.*}} {bypassL1} : memref<777x1000xf32>
// WT:        gemm_opt.kernel = "matmul"
// WT-SAME:   staged_b = true
// WT-NOT:    staged_a
// WT:        gemm_opt.kernel = "matmul-splitk-reduce"
// WT-NOT:    matmul-pad-staging

// warptile by default: no copy, B read in 4-byte copies.
// OFF-LABEL: func.func @matmul
// OFF-NOT:   matmul-pad-staging
// OFF-NOT:   memref<777x1000xf32>
// OFF:       nvgpu.device_async_copy %arg1{{.*}}, 1 : memref<777x999xf32>
// OFF-NOT:   staged_b

// A TF32 mma kernel built from a staged SIMT kernel (stage-b=1) reads A
// and B itself:
// the copy and its buffer go.
// MMA-LABEL: func.func @matmul
// MMA-NOT:   memref.alloc
// MMA-NOT:   matmul-pad-staging
// MMA:       gemm_opt.mapping = "mma"

// 17x33x65 (7e4 multiply-adds) is below the threshold: no copy.
// SMALL-LABEL: func.func @matmul
// SMALL-NOT:   memref.alloc
// SMALL-NOT:   matmul-pad-staging
// SMALL-NOT:   staged_

// Forced on a small shape, where every block is an edge block: the guarded
// scalar loads read the copies (A 17 x 68, B 65 x 36) within the logical
// bounds (columns clamped to K - 1 = 64 and N - 1 = 32).
// FORCED-LABEL: func.func @matmul
// FORCED:       %[[PA:.*]] = memref.alloc() : memref<17x68xf32>
// FORCED:       %[[PB:.*]] = memref.alloc() : memref<65x36xf32>
// FORCED:       gemm_opt.kernel = "matmul-pad-staging"
// FORCED:       gpu.launch
// FORCED:         arith.minui %{{.*}}, %c64
// FORCED:         memref.load %[[PA]]
// FORCED:         arith.minui %{{.*}}, %c32
// FORCED:         memref.load %[[PB]]
// FORCED:       staged_a = true, staged_b = true

// Staging forced where it does not apply: gemm-simt-invalid.mlir.
