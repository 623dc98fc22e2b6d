// RUN: gemm-opt %s --gemm-stage-coalesced | FileCheck %s
// RUN: gemm-opt %s --gemm-compile=stage=coalesced | FileCheck %s

// linalg.matmul on tensors (tensor.empty + zero fill) is bufferized:
// A and B become memref arguments, C an allocation that is returned, and
// the folded fill leaves no host work (beta = 0).
// Stage 'coalesced' (grid ceil(N/32) x ceil(M/32) = 2 x 4, x walks columns)
// lowers it to one gpu.launch_func of an outlined kernel whose PTX is
// embedded in a gpu.binary; gemm-compile with stage=coalesced is the same
// pipeline.

// CHECK:      module attributes {gemm_opt.target = #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, gpu.container_module}
// CHECK:      func.func @matmul(%[[A:[a-z0-9_]+]]: memref<100x48xf32> {gemm_opt.role = "A"}, %[[B:[a-z0-9_]+]]: memref<48x40xf32> {gemm_opt.role = "B"}) -> memref<100x40xf32>
// CHECK-SAME: gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 48, m = 100, n = 40>]
// CHECK-NOT:  linalg.
// CHECK:      %[[C:[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64, gemm_opt.role = "C"} : memref<100x40xf32>
// CHECK:      %[[G4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[G2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[G1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[T32A:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[T32B:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[T1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in (%[[G2]], %[[G4]], %[[G1]]) threads in (%[[T32B]], %[[T32A]], %[[T1]])
// CHECK-SAME:   args(%[[A]] : memref<100x48xf32>, %[[B]] : memref<48x40xf32>, %[[C]] : memref<100x40xf32>)
// CHECK-NEXT: return %[[C]] : memref<100x40xf32>
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
func.func @matmul(%A: tensor<100x48xf32>, %B: tensor<48x40xf32>) -> tensor<100x40xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<100x40xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<100x40xf32>) -> tensor<100x40xf32>
  %R = linalg.matmul ins(%A, %B : tensor<100x48xf32>, tensor<48x40xf32>)
                     outs(%C : tensor<100x40xf32>) -> tensor<100x40xf32>
  return %R : tensor<100x40xf32>
}
