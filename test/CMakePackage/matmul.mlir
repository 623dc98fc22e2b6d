// The GemmOpt CMake package. Here gemm-opt compiles this matmul through
// stage 'coalesced'; scripts/test-cmake-package.sh does the same with the
// installed gemm-opt, upstream mlir-opt with the installed plugin and
// consumer/'s tool built against the installed package; CONSUMER checks
// that tool's own pipeline, which runs the rungs by hand for sm_80.
// RUN: gemm-opt %s --pass-pipeline='builtin.module(gemm-compile{stage=coalesced})' | FileCheck %s

// CHECK:      gpu.launch_func @matmul_kernel::@matmul_kernel
// CHECK:      gpu.binary @matmul_kernel
// CHECK-SAME: .visible .entry matmul_kernel(
// CHECK-SAME: fma.rn.f32
// CONSUMER:   gpu.launch_func @matmul_kernel::@matmul_kernel
// CONSUMER:   gpu.binary @matmul_kernel {{.*}}chip = "sm_80"
// CONSUMER-SAME: .target sm_80
// CONSUMER-SAME: .visible .entry matmul_kernel(
func.func @matmul(%A: memref<100x48xf32>, %B: memref<48x40xf32>, %C: memref<100x40xf32>) {
  linalg.matmul ins(%A, %B : memref<100x48xf32>, memref<48x40xf32>)
                outs(%C : memref<100x40xf32>)
  return
}
