// REQUIRES: ptxas
// The first two stages on the three required shapes: 1x1x1 (tensor form
// with C passed in, beta = 1), 1000x999x777 (memref form, beta = 1) and
// 4096^3 (tensor form with a zero fill, beta = 0). For each, the PTX that
// ptx-file= writes is one kernel that ptxas assembles for sm_90 without
// spilling, the host side launches it on the grid the rung chose, and the
// rung's own pass left its mapping. One parameterized check (lit DEFINE /
// REDEFINE) per stage and shape.

// DEFINE: %{shape} =
// DEFINE: %{grid} =
// DEFINE: %{problem} =
// DEFINE: %{stage} =
// DEFINE: %{rung} =
// DEFINE: %{check} = rm -f %t.ptx %t.cubin \
// DEFINE:   && gemm-opt %inputs/matmul-%{shape}.mlir --gemm-stage-%{stage}="ptx-file=%t.ptx" \
// DEFINE:      | FileCheck %s --check-prefixes=IR,IR-%{stage} -DGRID=%{grid} '-DPROBLEM=%{problem}' \
// DEFINE:   && FileCheck %s --check-prefix=PTX --input-file=%t.ptx \
// DEFINE:   && %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS \
// DEFINE:   && gemm-opt %inputs/matmul-%{shape}.mlir --gemm-stage-%{stage} --mlir-print-ir-after=%{rung} 2>&1 >/dev/null \
// DEFINE:      | FileCheck %s --check-prefix=RUNG-%{stage}

// REDEFINE: %{stage} = naive
// REDEFINE: %{rung} = gemm-naive
// REDEFINE: %{shape} = 1x1x1
// REDEFINE: %{grid} = 1
// REDEFINE: %{problem} = a = f32, accumulate = true, b = f32, c = f32, k = 1, m = 1, n = 1
// RUN: %{check}
// REDEFINE: %{shape} = 1000x999x777
// REDEFINE: %{grid} = 32
// REDEFINE: %{problem} = a = f32, accumulate = true, b = f32, c = f32, k = 777, m = 1000, n = 999
// RUN: %{check}
// REDEFINE: %{shape} = 4096x4096x4096
// REDEFINE: %{grid} = 128
// REDEFINE: %{problem} = a = f32, b = f32, c = f32, k = 4096, m = 4096, n = 4096
// RUN: %{check}

// REDEFINE: %{stage} = coalesced
// REDEFINE: %{rung} = gemm-coalesce
// REDEFINE: %{shape} = 1x1x1
// REDEFINE: %{grid} = 1
// REDEFINE: %{problem} = a = f32, accumulate = true, b = f32, c = f32, k = 1, m = 1, n = 1
// RUN: %{check}
// REDEFINE: %{shape} = 1000x999x777
// REDEFINE: %{grid} = 32
// REDEFINE: %{problem} = a = f32, accumulate = true, b = f32, c = f32, k = 777, m = 1000, n = 999
// RUN: %{check}
// REDEFINE: %{shape} = 4096x4096x4096
// REDEFINE: %{grid} = 128
// REDEFINE: %{problem} = a = f32, b = f32, c = f32, k = 4096, m = 4096, n = 4096
// RUN: %{check}

// The grid and block constants, in the order gemm-naive created them (x
// first); gemm-coalesce swapped x and y, so its launch takes y first.
// IR:      func.func @matmul(
// IR-SAME: gemm_opt.problems = [#gemm_opt.matmul<[[PROBLEM]]>]
// IR-NOT:  gpu.launch blocks
// IR:      %[[GX:[a-z0-9_]+]] = arith.constant [[GRID]] : index
// IR-NEXT: %[[GY:[a-z0-9_]+]] = arith.constant [[GRID]] : index
// IR-NEXT: %[[GZ:[a-z0-9_]+]] = arith.constant 1 : index
// IR-NEXT: %[[TX:[a-z0-9_]+]] = arith.constant 32 : index
// IR-NEXT: %[[TY:[a-z0-9_]+]] = arith.constant 32 : index
// IR-NEXT: %[[TZ:[a-z0-9_]+]] = arith.constant 1 : index
// IR-naive-NEXT: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in (%[[GX]], %[[GY]], %[[GZ]]) threads in (%[[TX]], %[[TY]], %[[TZ]]) args(
// IR-coalesced-NEXT: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in (%[[GY]], %[[GX]], %[[GZ]]) threads in (%[[TY]], %[[TX]], %[[TZ]]) args(
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

// RUNG-naive: IR Dump After GemmNaive (gemm-naive)
// RUNG-naive: gpu.launch
// RUNG-naive: gemm_opt.mapping = "x-rows"
// RUNG-coalesced: IR Dump After GemmCoalesce (gemm-coalesce)
// RUNG-coalesced: gpu.launch
// RUNG-coalesced: gemm_opt.mapping = "x-cols"
