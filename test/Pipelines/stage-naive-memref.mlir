// RUN: gemm-opt %s --gemm-stage-naive | FileCheck %s
// RUN: gemm-opt %s --gemm-compile=stage=naive | FileCheck %s

// linalg.matmul on memrefs, accumulating into C (beta = 1). The kernel loads
// C before anything else, so outlining makes C its first parameter.
// Stage 'naive' (grid ceil(M/32) x ceil(N/32) = 4 x 2, x walks rows) lowers
// it to one gpu.launch_func of an outlined kernel whose PTX is embedded in
// a gpu.binary; gemm-compile with stage=naive is the same pipeline.

// CHECK:      module attributes {gemm_opt.target = #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, gpu.container_module}
// CHECK:      func.func @matmul(%[[A:[a-z0-9_]+]]: memref<100x48xf32> {gemm_opt.role = "A"}, %[[B:[a-z0-9_]+]]: memref<48x40xf32> {gemm_opt.role = "B"}, %[[C:[a-z0-9_]+]]: memref<100x40xf32> {gemm_opt.role = "C"})
// CHECK-SAME: gemm_opt.problems = [#gemm_opt.matmul<a = f32, accumulate = true, b = f32, c = f32, k = 48, m = 100, n = 40>]
// CHECK-NOT:  linalg.
// CHECK:      %[[G4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[G2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[G1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[T32A:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[T32B:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[T1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in (%[[G4]], %[[G2]], %[[G1]]) threads in (%[[T32A]], %[[T32B]], %[[T1]])
// CHECK-SAME:   args(%[[C]] : memref<100x40xf32>, %[[A]] : memref<100x48xf32>, %[[B]] : memref<48x40xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NOT:  gpu.module
// CHECK-NEXT: gpu.binary @matmul_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// CHECK-SAME: assembly = "
// CHECK-SAME: .target sm_90
// CHECK-SAME: .visible .entry matmul_kernel(
// CHECK-SAME: .param .u64 .ptr .align 1 matmul_kernel_param_0,
// CHECK-SAME: .param .u64 .ptr .align 1 matmul_kernel_param_1,
// CHECK-SAME: .param .u64 .ptr .align 1 matmul_kernel_param_2\0A)
// CHECK-SAME: .maxntid 32, 32, 1
// CHECK-SAME: ld.global
// CHECK-SAME: fma.rn.f32
// CHECK-SAME: st.global
// CHECK-SAME: ret;
// CHECK-NOT:  gpu.binary
// CHECK-NOT:  gpu.module
func.func @matmul(%A: memref<100x48xf32>, %B: memref<48x40xf32>, %C: memref<100x40xf32>) {
  linalg.matmul ins(%A, %B : memref<100x48xf32>, memref<48x40xf32>)
                outs(%C : memref<100x40xf32>)
  return
}
