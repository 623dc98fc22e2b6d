// REQUIRES: ptxas
// The required shape M x N x K = 1 x 1 x 1 (tensor form with C passed in, beta
// = 1) through stage 'coalesced': the PTX written with ptx-file= is a kernel
// that ptxas assembles for sm_90 without spilling.

// RUN: rm -f %t.ptx %t.cubin
// RUN: gemm-opt %inputs/matmul-1x1x1.mlir --gemm-stage-coalesced="ptx-file=%t.ptx" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %inputs/matmul-1x1x1.mlir --gemm-stage-coalesced --mlir-print-ir-after=gemm-coalesce 2>&1 >/dev/null | FileCheck %s --check-prefix=RUNG

// gemm-coalesce swapped x and y: the launch takes the grid and block
// constants gemm-naive created for y first.
// IR:      func.func @matmul(
// IR-SAME: gemm_opt.problems = [#gemm_opt.matmul<a = f32, accumulate = true, b = f32, c = f32, k = 1, m = 1, n = 1>]
// IR-NOT:  gpu.launch blocks
// IR:      %[[GX:[a-z0-9_]+]] = arith.constant 1 : index
// IR-NEXT: %[[GY:[a-z0-9_]+]] = arith.constant 1 : index
// IR-NEXT: %[[GZ:[a-z0-9_]+]] = arith.constant 1 : index
// IR-NEXT: %[[TX:[a-z0-9_]+]] = arith.constant 32 : index
// IR-NEXT: %[[TY:[a-z0-9_]+]] = arith.constant 32 : index
// IR-NEXT: %[[TZ:[a-z0-9_]+]] = arith.constant 1 : index
// IR-NEXT: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in (%[[GY]], %[[GX]], %[[GZ]]) threads in (%[[TY]], %[[TX]], %[[TZ]]) args(
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

// The rung's own pass ran and left the coalesced mapping.
// RUNG: IR Dump After GemmCoalesce (gemm-coalesce)
// RUNG: gpu.launch
// RUNG: gemm_opt.mapping = "x-cols"
