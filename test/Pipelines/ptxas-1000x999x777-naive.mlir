// REQUIRES: ptxas
// The required shape M x N x K = 1000 x 999 x 777 (memref form, beta = 1)
// through stage 'naive': the PTX written with ptx-file= is a kernel that ptxas
// assembles for sm_90 without spilling.

// RUN: rm -f %t.ptx %t.cubin
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-naive="ptx-file=%t.ptx" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-naive --mlir-print-ir-after=gemm-naive 2>&1 >/dev/null | FileCheck %s --check-prefix=RUNG

// The launch takes the grid and block constants in the order gemm-naive
// created them (x first); gemm-coalesce would swap them.
// IR:      func.func @matmul(
// IR-SAME: gemm_opt.problems = [#gemm_opt.matmul<a = f32, accumulate = true, b = f32, c = f32, k = 777, m = 1000, n = 999>]
// IR-NOT:  gpu.launch blocks
// IR:      %[[GX:[a-z0-9_]+]] = arith.constant 32 : index
// IR-NEXT: %[[GY:[a-z0-9_]+]] = arith.constant 32 : index
// IR-NEXT: %[[GZ:[a-z0-9_]+]] = arith.constant 1 : index
// IR-NEXT: %[[TX:[a-z0-9_]+]] = arith.constant 32 : index
// IR-NEXT: %[[TY:[a-z0-9_]+]] = arith.constant 32 : index
// IR-NEXT: %[[TZ:[a-z0-9_]+]] = arith.constant 1 : index
// IR-NEXT: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in (%[[GX]], %[[GY]], %[[GZ]]) threads in (%[[TX]], %[[TY]], %[[TZ]]) args(
// IR-NOT:  gpu.module
// IR:      gpu.binary @matmul_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// IR-SAME: assembly = "
// IR-SAME: .visible .entry matmul_kernel(
// IR-NOT:  gpu.module

// PTX:      .target sm_90
// PTX:      .visible .entry matmul_kernel(
// PTX-NEXT: .param .u64 .ptr .align 1 matmul_kernel_param_0,
// PTX-NEXT: .param .u64 .ptr .align 1 matmul_kernel_param_1,
// PTX-NEXT: .param .u64 .ptr .align 1 matmul_kernel_param_2
// PTX-NEXT: )
// PTX-NEXT: .maxntid 32, 32, 1
// PTX:      ld.global
// PTX:      fma.rn.f32
// PTX:      st.global
// PTX:      ret;
// PTX-NOT:  .entry

// PTXAS: Compiling entry function 'matmul_kernel' for 'sm_90'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// The rung's own pass ran and left the naive mapping.
// RUNG: IR Dump After GemmNaive (gemm-naive)
// RUNG: gpu.launch
// RUNG: gemm_opt.mapping = "x-rows"
