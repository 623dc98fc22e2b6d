// A matmul rung asked to apply to IR it did not build fails with an error
// at the op, naming the rung and what it needs, instead of leaving the IR
// unchanged: a hand-written gpu.launch, a bare linalg.matmul that the
// earlier rungs have not lowered, a softmax kernel, a linalg.softmax. Each
// rung after gemm-naive is run on every case (-verify-diagnostics), and its
// errors must name it (FileCheck on the same run without the verifier).
// gemm-naive lowers the bare linalg.matmul (its input) and fails on the
// other three.

// DEFINE: %{pass} = gemm-coalesce
// DEFINE: %{check} = gemm-opt %s -split-input-file -verify-diagnostics --%{pass} -o /dev/null \
// DEFINE:   && not gemm-opt %s -split-input-file --%{pass} -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAME -DPASS=%{pass}

// RUN: %{check}
// REDEFINE: %{pass} = gemm-shared-memory-tiling
// RUN: %{check}
// REDEFINE: %{pass} = gemm-register-tiling-1d
// RUN: %{check}
// REDEFINE: %{pass} = gemm-register-tiling-2d
// RUN: %{check}
// REDEFINE: %{pass} = gemm-vectorize
// RUN: %{check}
// REDEFINE: %{pass} = gemm-swizzle
// RUN: %{check}
// REDEFINE: %{pass} = gemm-multi-buffer
// RUN: %{check}
// REDEFINE: %{pass} = gemm-warp-tiling
// RUN: %{check}
// REDEFINE: %{pass} = gemm-mma
// RUN: %{check}
// REDEFINE: %{pass} = gemm-wgmma
// RUN: %{check}
// RUN: not gemm-opt %s -split-input-file --gemm-naive -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAIVE
// A kernel of a later rung of the ladder is not taken back either.
// RUN: not gemm-opt %inputs/matmul-f16-17x33x65.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-shared-memory-tiling))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LATER-SMEM
// RUN: not gemm-opt %inputs/matmul-f16-17x33x65.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-coalesce))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LATER-COALESCE

// LATER-SMEM:     error: gemm-shared-memory-tiling needs the thread-per-output matmul kernel of gemm-naive; found the tensor-core matmul kernel of gemm-mma (gemm_opt.mma_plan)
// LATER-COALESCE: error: gemm-coalesce needs the thread-per-output matmul kernel built by gemm-naive (gemm_opt.mapping = "x-rows"); found a block-tiled SIMT matmul kernel (gemm_opt.simt_plan)

// NAME-COUNT-4: error: [[PASS]] needs
// NAME-NOT:     error: [[PASS]] needs

// NAIVE:     error: gemm-naive needs a linalg.matmul or linalg.batch_matmul on memrefs; found a gpu.launch that gemm-opt did not build
// NAIVE-NOT: found a linalg.matmul
// NAIVE:     error: gemm-naive needs a linalg.matmul or linalg.batch_matmul on memrefs; found a softmax kernel (gemm_opt.softmax_plan)
// NAIVE:     error: gemm-naive needs a linalg.matmul or linalg.batch_matmul on memrefs; found a linalg.softmax that no rung has turned into kernels

func.func @hand_written(%C: memref<64x64xf32>) {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  // expected-error @below {{found a gpu.launch that gemm-opt did not build (no gemm_opt.kernel attribute): run the earlier rungs or --gemm-compile}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %zero, %C[%tx, %ty] : memref<64x64xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @bare(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  // expected-error @below {{found a linalg.matmul that no rung has turned into a kernel (the matmul ladder starts with gemm-naive): run the earlier rungs or --gemm-compile}}
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

// -----

func.func @softmax_kernel(%X: memref<4x32xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error @below {{found a softmax kernel (gemm_opt.softmax_plan): run the earlier rungs or --gemm-compile}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  } {gemm_opt.kernel = "softmax", gemm_opt.softmax_plan = #gemm_opt.softmax_plan<algo = "fused", chunks = 1, kernel = "fused", reduce = "smem-tree", rows_per_block = 1, storage = "registers", threads_per_row = 32, vector = 1>}
  return
}

// -----

func.func @softmax(%X: memref<4x32xf32>, %Y: memref<4x32xf32>) {
  // expected-error @below {{found a linalg.softmax that no rung has turned into kernels (the softmax ladder starts with gemm-softmax-three-pass): run the earlier rungs or --gemm-compile}}
  linalg.softmax dimension(1) ins(%X : memref<4x32xf32>) outs(%Y : memref<4x32xf32>)
  return
}
