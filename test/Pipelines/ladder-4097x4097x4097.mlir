// REQUIRES: ptxas
// The SIMT ladder on M = N = K = 4097 (memref, accumulating): interior blocks, one ragged
// block row and column, and unaligned rows: no 128-bit global access up to
// reg2d; vector and swizzle read padded staging copies of A and B (16-byte
// rows); multibuffer and warptile keep 4-byte cp.async on the original
// rows (staging them measured slower, GemmHeuristics.cpp). Every kernel of every rung's default plan assembles for sm_90 with
// no spills and no local memory.

// REDEFINE: %{matmul-input} = %inputs/matmul-4097x4097x4097.mlir
// RUN: %{matmul-ptxas:smem}
// RUN: FileCheck %s --check-prefixes=ALL,SMEM --implicit-check-not=ld.local --input-file=%t.smem.ptx
// RUN: %{matmul-ptxas:reg1d}
// RUN: FileCheck %s --check-prefixes=ALL,REG1D --implicit-check-not=ld.local --input-file=%t.reg1d.ptx
// RUN: %{matmul-ptxas:reg2d}
// RUN: FileCheck %s --check-prefixes=ALL,REG2D --implicit-check-not=ld.local --input-file=%t.reg2d.ptx
// RUN: %{matmul-ptxas:vector}
// RUN: FileCheck %s --check-prefixes=ALL,STAGED,VECTOR --implicit-check-not=ld.local --input-file=%t.vector.ptx
// RUN: %{matmul-ptxas:swizzle}
// RUN: FileCheck %s --check-prefixes=ALL,STAGED,SWIZZLE --implicit-check-not=ld.local --input-file=%t.swizzle.ptx
// RUN: %{matmul-ptxas:multibuffer}
// RUN: FileCheck %s --check-prefixes=ALL,MULTIBUFFER --implicit-check-not=ld.local --input-file=%t.multibuffer.ptx
// RUN: %{matmul-ptxas:warptile}
// RUN: FileCheck %s --check-prefixes=ALL,WARPTILE --implicit-check-not=ld.local --input-file=%t.warptile.ptx

// PTXAS: Compiling entry function 'matmul_kernel' for 'sm_90'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// ALL:     .visible .entry matmul_kernel(

// In vector and swizzle the first kernel is the staging copy; the matmul
// kernel follows.
// STAGED:  ld.global.nc.b32
// STAGED:  st.global.v4.b32
// STAGED:  .visible .entry matmul_kernel_0(

// Default plans (GemmHeuristics): unaligned rows, so no 128-register cap;
// warptile switches to 64x128 tiles (8x8 per thread, 128 threads) with a
// 4-stage ring (two groups in flight at the wait).
// SWIZZLE:   .maxntid 256, 1, 1
// SWIZZLE-NOT: .maxnreg
// MULTIBUFFER: .maxntid 256, 1, 1
// MULTIBUFFER-NOT: .maxnreg
// MULTIBUFFER: cp.async.wait_group 2;
// WARPTILE:  .maxntid 128, 1, 1
// WARPTILE-NOT: .maxnreg
// WARPTILE:  cp.async.wait_group 2;

// 128-bit loads of the copies (vector, swizzle), 4-byte cp.async of the
// unaligned rows (multibuffer, warptile).
// VECTOR:  ld.global.v4.b32
// SWIZZLE: ld.global.nc.v4.b32
// MULTIBUFFER: cp.async.ca.shared.global [%{{[a-z0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 4;
// WARPTILE: cp.async.ca.shared.global [%{{[a-z0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 4;
// ALL:     bar.sync
// ALL:     fma.rn.f32

// No row of A, B or C is provably 16-byte aligned up to reg2d; C's rows
// never are (no 128-bit store of C).
// SMEM-NOT: ld.global.v4
// SMEM-NOT: st.global.v4
// SMEM-NOT: cp.async.cg
// REG1D-NOT: ld.global.v4
// REG1D-NOT: st.global.v4
// REG1D-NOT: cp.async.cg
// REG2D-NOT: ld.global.v4
// REG2D-NOT: st.global.v4
// REG2D-NOT: cp.async.cg
// VECTOR-NOT: st.global.v4
// SWIZZLE-NOT: st.global.v4
// MULTIBUFFER-NOT: st.global.v4
// MULTIBUFFER-NOT: cp.async.cg
// warptile splits K in two: the partials' rows are padded to 16 bytes, so
// interior blocks store them in 128-bit stores and the reduction kernel
// reads them 4 at a time, writing C's unaligned rows element by element.
// WARPTILE-NOT: cp.async.cg
// WARPTILE: st.global.v4.b32
// WARPTILE: .visible .entry matmul_kernel_0(
// WARPTILE: ld.global.v4.b32
// WARPTILE: ld.global.v4.b32
// WARPTILE-NOT: st.global.v4
