// REQUIRES: ptxas
// f16 and bf16 inputs (f32 accumulators and C) through every SIMT rung's
// default plan, at 4096^3 (aligned, whole tiles: where the f32 plans cap
// registers at 128) and 4097^3 (unaligned rows, edge tiles): every module
// assembles for sm_90 with no spills. cp.async copies bytes and cannot
// widen 16-bit inputs, so from multibuffer on these plans keep synchronous
// loads (one stage) and no register cap: the 128 cap of the f32 plans
// spilled 24 bytes in the f16 warptile kernel at 4096^3.

// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --gemm-stage-smem="ptx-file=%t.smem.f16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.smem.f16-4096x4096x4096.ptx -o %t.smem.f16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --gemm-stage-reg1d="ptx-file=%t.reg1d.f16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.reg1d.f16-4096x4096x4096.ptx -o %t.reg1d.f16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --gemm-stage-reg2d="ptx-file=%t.reg2d.f16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.reg2d.f16-4096x4096x4096.ptx -o %t.reg2d.f16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --gemm-stage-vector="ptx-file=%t.vector.f16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.vector.f16-4096x4096x4096.ptx -o %t.vector.f16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --gemm-stage-swizzle="ptx-file=%t.swizzle.f16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.swizzle.f16-4096x4096x4096.ptx -o %t.swizzle.f16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --gemm-stage-multibuffer="ptx-file=%t.multibuffer.f16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.multibuffer.f16-4096x4096x4096.ptx -o %t.multibuffer.f16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --gemm-stage-warptile="ptx-file=%t.warptile.f16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.warptile.f16-4096x4096x4096.ptx -o %t.warptile.f16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4096x4096x4096.mlir --gemm-stage-smem="ptx-file=%t.smem.bf16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.smem.bf16-4096x4096x4096.ptx -o %t.smem.bf16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4096x4096x4096.mlir --gemm-stage-reg1d="ptx-file=%t.reg1d.bf16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.reg1d.bf16-4096x4096x4096.ptx -o %t.reg1d.bf16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4096x4096x4096.mlir --gemm-stage-reg2d="ptx-file=%t.reg2d.bf16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.reg2d.bf16-4096x4096x4096.ptx -o %t.reg2d.bf16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4096x4096x4096.mlir --gemm-stage-vector="ptx-file=%t.vector.bf16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.vector.bf16-4096x4096x4096.ptx -o %t.vector.bf16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4096x4096x4096.mlir --gemm-stage-swizzle="ptx-file=%t.swizzle.bf16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.swizzle.bf16-4096x4096x4096.ptx -o %t.swizzle.bf16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4096x4096x4096.mlir --gemm-stage-multibuffer="ptx-file=%t.multibuffer.bf16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.multibuffer.bf16-4096x4096x4096.ptx -o %t.multibuffer.bf16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4096x4096x4096.mlir --gemm-stage-warptile="ptx-file=%t.warptile.bf16-4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.warptile.bf16-4096x4096x4096.ptx -o %t.warptile.bf16-4096x4096x4096.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4097x4097x4097.mlir --gemm-stage-smem="ptx-file=%t.smem.f16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.smem.f16-4097x4097x4097.ptx -o %t.smem.f16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4097x4097x4097.mlir --gemm-stage-reg1d="ptx-file=%t.reg1d.f16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.reg1d.f16-4097x4097x4097.ptx -o %t.reg1d.f16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4097x4097x4097.mlir --gemm-stage-reg2d="ptx-file=%t.reg2d.f16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.reg2d.f16-4097x4097x4097.ptx -o %t.reg2d.f16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4097x4097x4097.mlir --gemm-stage-vector="ptx-file=%t.vector.f16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.vector.f16-4097x4097x4097.ptx -o %t.vector.f16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4097x4097x4097.mlir --gemm-stage-swizzle="ptx-file=%t.swizzle.f16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.swizzle.f16-4097x4097x4097.ptx -o %t.swizzle.f16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4097x4097x4097.mlir --gemm-stage-multibuffer="ptx-file=%t.multibuffer.f16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.multibuffer.f16-4097x4097x4097.ptx -o %t.multibuffer.f16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-f16-4097x4097x4097.mlir --gemm-stage-warptile="ptx-file=%t.warptile.f16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.warptile.f16-4097x4097x4097.ptx -o %t.warptile.f16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4097x4097x4097.mlir --gemm-stage-smem="ptx-file=%t.smem.bf16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.smem.bf16-4097x4097x4097.ptx -o %t.smem.bf16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4097x4097x4097.mlir --gemm-stage-reg1d="ptx-file=%t.reg1d.bf16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.reg1d.bf16-4097x4097x4097.ptx -o %t.reg1d.bf16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4097x4097x4097.mlir --gemm-stage-reg2d="ptx-file=%t.reg2d.bf16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.reg2d.bf16-4097x4097x4097.ptx -o %t.reg2d.bf16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4097x4097x4097.mlir --gemm-stage-vector="ptx-file=%t.vector.bf16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.vector.bf16-4097x4097x4097.ptx -o %t.vector.bf16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4097x4097x4097.mlir --gemm-stage-swizzle="ptx-file=%t.swizzle.bf16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.swizzle.bf16-4097x4097x4097.ptx -o %t.swizzle.bf16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4097x4097x4097.mlir --gemm-stage-multibuffer="ptx-file=%t.multibuffer.bf16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.multibuffer.bf16-4097x4097x4097.ptx -o %t.multibuffer.bf16-4097x4097x4097.cubin 2>&1 | FileCheck %s
// RUN: gemm-opt %inputs/matmul-bf16-4097x4097x4097.mlir --gemm-stage-warptile="ptx-file=%t.warptile.bf16-4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.warptile.bf16-4097x4097x4097.ptx -o %t.warptile.bf16-4097x4097x4097.cubin 2>&1 | FileCheck %s

// CHECK: Compiling entry function 'matmul_kernel' for 'sm_90'
// CHECK: 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: bytes spill
