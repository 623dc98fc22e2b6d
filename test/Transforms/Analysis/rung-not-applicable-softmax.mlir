// A softmax rung asked to apply to IR it did not build fails with an error
// at the op, naming the rung and what it needs, instead of leaving the IR
// unchanged: a hand-written gpu.launch, a bare linalg.softmax that the
// first rung has not lowered, a matmul kernel, a linalg.matmul. Each rung
// after gemm-softmax-three-pass is run on every case (-verify-diagnostics),
// and its errors must name it (FileCheck on the same run without the
// verifier). gemm-softmax-three-pass lowers the bare linalg.softmax (its
// input) and fails on the other three.

// DEFINE: %{pass} = gemm-softmax-fused
// DEFINE: %{check} = gemm-opt %s -split-input-file -verify-diagnostics --%{pass} -o /dev/null \
// DEFINE:   && not gemm-opt %s -split-input-file --%{pass} -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAME -DPASS=%{pass}

// RUN: %{check}
// REDEFINE: %{pass} = gemm-softmax-online
// RUN: %{check}
// REDEFINE: %{pass} = gemm-softmax-vector
// RUN: %{check}
// REDEFINE: %{pass} = gemm-softmax-rows
// RUN: %{check}
// RUN: not gemm-opt %s -split-input-file --gemm-softmax-three-pass -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREE

// NAME-COUNT-4: error: [[PASS]] needs the softmax kernels built by gemm-softmax-three-pass (a gemm_opt.softmax_plan)
// NAME-NOT:     error: [[PASS]] needs

// THREE:     error: gemm-softmax-three-pass needs a linalg.softmax on memrefs; found a gpu.launch that gemm-opt did not build
// THREE-NOT: found a linalg.softmax
// THREE:     error: gemm-softmax-three-pass needs a linalg.softmax on memrefs; found a block-tiled SIMT matmul kernel (gemm_opt.simt_plan)
// THREE:     error: gemm-softmax-three-pass needs a linalg.softmax on memrefs; found a linalg.matmul that no rung has turned into a kernel

func.func @hand_written(%Y: memref<4x32xf32>) {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  // expected-error @below {{found a gpu.launch that gemm-opt did not build (no gemm_opt.kernel attribute): run the earlier rungs or --gemm-compile}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %zero, %Y[%tx, %ty] : memref<4x32xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @bare(%X: memref<4x32xf32>, %Y: memref<4x32xf32>) {
  // expected-error @below {{found a linalg.softmax that no rung has turned into kernels (the softmax ladder starts with gemm-softmax-three-pass): run the earlier rungs or --gemm-compile}}
  linalg.softmax dimension(1) ins(%X : memref<4x32xf32>) outs(%Y : memref<4x32xf32>)
  return
}

// -----

func.func @matmul_kernel(%C: memref<64x64xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error @below {{found a block-tiled SIMT matmul kernel (gemm_opt.simt_plan): run the earlier rungs or --gemm-compile}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  } {gemm_opt.kernel = "matmul", gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 0, a_transposed = false, b_pad = 0, b_xor = 0, bk = 32, bm = 32, bn = 32, frag_m = 1, frag_n = 1, group_m = 0, max_regs = 0, read_only = false, stages = 1, tm = 1, tn = 1, vector = 1, warp_tiled = false, wm = 1, wn = 32>}
  return
}

// -----

func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  // expected-error @below {{found a linalg.matmul that no rung has turned into a kernel (the matmul ladder starts with gemm-naive): run the earlier rungs or --gemm-compile}}
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
