// Upstream mlir-opt runs our pipelines through the pass plugin.
// UNSUPPORTED: host-sanitizer
// RUN: mlir-opt %s --load-pass-plugin=%gemm_opt_lib_dir/GemmOptPlugin%shlibext \
// RUN:   --pass-pipeline='builtin.module(gemm-compile{stage=coalesced chip=sm_90})' \
// RUN:   | FileCheck %s
// The tensor-core stages read the tuning database (the plugin lacked its
// code: mlir-opt exited on an undefined symbol).
// RUN: mlir-opt %s --load-pass-plugin=%gemm_opt_lib_dir/GemmOptPlugin%shlibext \
// RUN:   --pass-pipeline='builtin.module(gemm-compile{stage=wgmma chip=sm_90a allow-tf32=true})' \
// RUN:   | FileCheck %s --check-prefix=WGMMA
// WGMMA: .entry matmul_kernel(
// WGMMA: wgmma.mma_async

// CHECK-LABEL: func.func @matmul
// CHECK: gpu.launch_func @{{.*}}::@matmul_kernel
// CHECK: gpu.binary @{{.*}} [#gpu.object<#nvvm.target<O = 3, chip = "sm_90"
// CHECK-SAME: .entry matmul_kernel(
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  return
}
