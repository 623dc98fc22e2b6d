// RUN: gemm-opt %s --pass-pipeline='builtin.module(gpu.module(gemm-extern-dynamic-shared-memory))' | FileCheck %s

// What convert-gpu-to-nvvm makes of gpu.dynamic_shared_memory (a zero-length
// internal global in address space 3) becomes external with no initializer,
// so that NVPTX emits `.extern .shared ... []` (the dynamic region, after
// every static variable); static shared variables and zero-length globals
// of other address spaces stay as they are.

// CHECK-LABEL: gpu.module @kernels
// CHECK: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK: llvm.mlir.global internal @__mbarrier() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<8 x i64>
// CHECK: llvm.mlir.global internal @empty_global() {addr_space = 1 : i32} : !llvm.array<0 x i8>
gpu.module @kernels {
  llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global internal @__mbarrier() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<8 x i64>
  llvm.mlir.global internal @empty_global() {addr_space = 1 : i32} : !llvm.array<0 x i8>
}
