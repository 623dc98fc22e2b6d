// REQUIRES: ptxas
// The SIMT ladder on M = N = K = 1: no full tile at all, only the guarded edge path.
// Every rung's default plan assembles for sm_90 with no spills and no
// local memory.

// REDEFINE: %{matmul-input} = %inputs/matmul-1x1x1.mlir
// RUN: %{matmul-ptxas:smem}
// RUN: FileCheck %s --check-prefixes=ALL,SMEM --implicit-check-not=ld.local --input-file=%t.smem.ptx
// RUN: %{matmul-ptxas:reg1d}
// RUN: FileCheck %s --check-prefixes=ALL,REG1D --implicit-check-not=ld.local --input-file=%t.reg1d.ptx
// RUN: %{matmul-ptxas:reg2d}
// RUN: FileCheck %s --check-prefixes=ALL,REG2D --implicit-check-not=ld.local --input-file=%t.reg2d.ptx
// RUN: %{matmul-ptxas:vector}
// RUN: FileCheck %s --check-prefixes=ALL,VECTOR --implicit-check-not=ld.local --input-file=%t.vector.ptx
// RUN: %{matmul-ptxas:swizzle}
// RUN: FileCheck %s --check-prefixes=ALL,SWIZZLE --implicit-check-not=ld.local --input-file=%t.swizzle.ptx
// RUN: %{matmul-ptxas:multibuffer}
// RUN: FileCheck %s --check-prefixes=ALL,MULTIBUFFER --implicit-check-not=ld.local --input-file=%t.multibuffer.ptx
// RUN: %{matmul-ptxas:warptile}
// RUN: FileCheck %s --check-prefixes=ALL,WARPTILE --implicit-check-not=ld.local --input-file=%t.warptile.ptx

// PTXAS: Compiling entry function 'matmul_kernel' for 'sm_90'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// ALL:     .visible .entry matmul_kernel(
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
