// REQUIRES: ptxas
// The SIMT ladder on M x N x K = 1000 x 999 x 777 (memref, accumulating): ragged tiles in every
// dimension and odd row strides, so global accesses to A, B and C stay
// 32-bit up to reg2d; vector and swizzle read padded staging copies of A
// and B (16-byte rows); multibuffer and warptile keep 4-byte cp.async on
// the original rows (staging them measured slower, GemmHeuristics.cpp). Every kernel of every rung's default plan assembles
// for sm_90 with no spills and no local memory.

// REDEFINE: %{matmul-input} = %inputs/matmul-1000x999x777.mlir
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

// In vector and swizzle the first kernel is the staging copy: read-only
// scalar loads of the unaligned rows, 128-bit stores of the padded ones;
// the matmul kernel follows.
// STAGED:  ld.global.nc.b32
// STAGED:  st.global.v4.b32
// STAGED:  .visible .entry matmul_kernel_0(

// Default plans (GemmHeuristics): reg2d picks 128x64 tiles (128 threads);
// 64 blocks of 128x128 would not fill 2 waves of 132 SMs, so warptile
// switches to 64x64 tiles with 8x4 per thread (128 threads), no register
// cap, and K split in two; multibuffer keeps a 4-stage ring (two groups in
// flight at the wait), warptile 2 stages for the 24 K tiles of a split
// (none left in flight).
// SWIZZLE:   .maxntid 128, 1, 1
// SWIZZLE-NOT: .maxnreg
// MULTIBUFFER: .maxntid 128, 1, 1
// MULTIBUFFER-NOT: .maxnreg
// MULTIBUFFER: cp.async.wait_group 2;
// WARPTILE:  .maxntid 128, 1, 1
// WARPTILE-NOT: .maxnreg
// WARPTILE:  cp.async.wait_group 0;

// The interior blocks of vector and swizzle read the copies of A and B in
// 128-bit loads (swizzle through the read-only path); multibuffer and
// warptile copy 4-byte elements with cp.async.ca.
// VECTOR:  ld.global.v4.b32
// SWIZZLE: ld.global.nc.v4.b32
// MULTIBUFFER: cp.async.ca.shared.global [%{{[a-z0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 4;
// WARPTILE: cp.async.ca.shared.global [%{{[a-z0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 4;
// ALL:     bar.sync
// ALL:     fma.rn.f32

// No row of A, B or C is provably 16-byte aligned up to reg2d: no 128-bit
// global access there; C's rows never are (no 128-bit store of C).
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
