// REQUIRES: ptxas
// The SIMT ladder on M x N x K = 1000 x 999 x 777 (memref, accumulating): ragged tiles in every
// dimension and odd row strides, so global accesses stay 32-bit.
// Every rung's default plan assembles for sm_90 with no spills and no
// local memory.

// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-smem="ptx-file=%t.smem.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.smem.ptx -o %t.smem.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefixes=ALL,SMEM --implicit-check-not=ld.local --input-file=%t.smem.ptx
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-reg1d="ptx-file=%t.reg1d.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.reg1d.ptx -o %t.reg1d.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefixes=ALL,REG1D --implicit-check-not=ld.local --input-file=%t.reg1d.ptx
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-reg2d="ptx-file=%t.reg2d.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.reg2d.ptx -o %t.reg2d.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefixes=ALL,REG2D --implicit-check-not=ld.local --input-file=%t.reg2d.ptx
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-vector="ptx-file=%t.vector.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.vector.ptx -o %t.vector.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefixes=ALL,VECTOR --implicit-check-not=ld.local --input-file=%t.vector.ptx
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-swizzle="ptx-file=%t.swizzle.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.swizzle.ptx -o %t.swizzle.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefixes=ALL,SWIZZLE --implicit-check-not=ld.local --input-file=%t.swizzle.ptx
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-multibuffer="ptx-file=%t.multibuffer.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.multibuffer.ptx -o %t.multibuffer.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefixes=ALL,MULTIBUFFER --implicit-check-not=ld.local --input-file=%t.multibuffer.ptx
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-warptile="ptx-file=%t.warptile.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.warptile.ptx -o %t.warptile.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefixes=ALL,WARPTILE --implicit-check-not=ld.local --input-file=%t.warptile.ptx

// PTXAS: Compiling entry function 'matmul_kernel' for 'sm_90'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// ALL:     .visible .entry matmul_kernel(

// Default plans (GemmHeuristics): reg2d picks 128x64 tiles (128 threads);
// 64 blocks of 128x128 would not fill 2 waves of 132 SMs, so warptile
// switches to 64x64 tiles with 8x4 per thread (128 threads), no register
// cap, a 4-stage ring (two groups in flight at the wait).
// SWIZZLE:   .maxntid 128, 1, 1
// SWIZZLE-NOT: .maxnreg
// MULTIBUFFER: .maxntid 128, 1, 1
// MULTIBUFFER-NOT: .maxnreg
// MULTIBUFFER: cp.async.wait_group 2;
// WARPTILE:  .maxntid 128, 1, 1
// WARPTILE-NOT: .maxnreg
// WARPTILE:  cp.async.wait_group 2;
// ALL:     bar.sync
// ALL:     fma.rn.f32

// No row is provably 16-byte aligned: no 128-bit global access anywhere.
// SMEM-NOT: ld.global.v4
// SMEM-NOT: st.global.v4
// SMEM-NOT: cp.async.cg
// REG1D-NOT: ld.global.v4
// REG1D-NOT: st.global.v4
// REG1D-NOT: cp.async.cg
// REG2D-NOT: ld.global.v4
// REG2D-NOT: st.global.v4
// REG2D-NOT: cp.async.cg
// VECTOR-NOT: ld.global.v4
// VECTOR-NOT: st.global.v4
// VECTOR-NOT: cp.async.cg
// SWIZZLE-NOT: ld.global.v4
// SWIZZLE-NOT: st.global.v4
// SWIZZLE-NOT: cp.async.cg
// MULTIBUFFER-NOT: ld.global.v4
// MULTIBUFFER-NOT: st.global.v4
// MULTIBUFFER-NOT: cp.async.cg
// WARPTILE-NOT: ld.global.v4
// WARPTILE-NOT: st.global.v4
// WARPTILE-NOT: cp.async.cg
