// RUN: gemm-opt %s -split-input-file --gemm-verify-input --verify-diagnostics

// The launch manifest names one buffer per role (A, B, C) and the kernels
// read A and B while writing C, so the operands of the matmul must be three
// distinct buffers. Today such input passes gemm-verify-input and the
// pipeline only fails at the very end ("cannot describe the compiled
// kernels: manifest: expected exactly one buffer with role A, found 0"), or,
// without a manifest, silently produces a kernel that reads C while other
// threads write it. gemm-verify-input must reject it at the matmul.

func.func @a_is_b(%A: memref<16x16xf32>, %C: memref<16x16xf32>) {
  // expected-error-re@+1 {{'linalg.matmul' op {{.+}}}}
  linalg.matmul ins(%A, %A : memref<16x16xf32>, memref<16x16xf32>) outs(%C : memref<16x16xf32>)
  return
}

// -----

func.func @c_is_a(%A: memref<16x16xf32>, %B: memref<16x16xf32>) {
  // expected-error-re@+1 {{'linalg.matmul' op {{.+}}}}
  linalg.matmul ins(%A, %B : memref<16x16xf32>, memref<16x16xf32>) outs(%A : memref<16x16xf32>)
  return
}
