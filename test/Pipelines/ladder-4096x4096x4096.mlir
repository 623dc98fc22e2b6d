// REQUIRES: ptxas
// The SIMT ladder on M = N = K = 4096 (tensor form, zero-filled C): every tile interior and every
// row 16-byte aligned, so from 'vector' on global accesses are 128-bit.
// Every rung's default plan assembles for sm_90 with no spills and no
// local memory.

// REDEFINE: %{matmul-input} = %inputs/matmul-4096x4096x4096.mlir
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

// Default plans (GemmHeuristics): 256 threads (128x128 tiles, 8x8 per
// thread) on every rung from reg2d; at most 128 registers (two blocks per
// SM) on reg2d and from swizzle on (vector needs 125 without a cap);
// swizzle reads A and B through ld.global.nc.
// REG2D:     .maxntid 256, 1, 1
// REG2D-NEXT: .maxnreg 128
// VECTOR:    .maxntid 256, 1, 1
// VECTOR-NOT: .maxnreg
// SWIZZLE:   .maxntid 256, 1, 1
// SWIZZLE-NEXT: .maxnreg 128
// MULTIBUFFER: .maxntid 256, 1, 1
// MULTIBUFFER-NEXT: .maxnreg 128
// WARPTILE:  .maxntid 256, 1, 1
// WARPTILE-NEXT: .maxnreg 128

// 128-bit global loads and stores from 'vector' on; cp.async from
// 'multibuffer' on (16-byte .cg for B, 4-byte .ca for the transposed A),
// 4 stages: two groups may stay in flight at the wait.
// One output per thread, then a column of 8, then 8x8 outputs per thread:
// 32, 64 and 512 FMAs per K tile. smem and reg1d read A and B through
// the read-only path (ld.global.nc), as the seed's kernels do.
// SMEM: ld.global.nc.b32
// SMEM: ld.global.nc.b32
// SMEM-COUNT-32: fma.rn.f32
// SMEM-NOT: ld.global.v4
// REG1D: ld.global.nc.b32
// REG1D: ld.global.nc.b32
// REG1D-COUNT-64: fma.rn.f32
// REG1D-NOT: ld.global.v4
// REG2D-COUNT-512: fma.rn.f32
// REG2D-NOT: ld.global.v4
// VECTOR: ld.global.v4.b32
// VECTOR: st.global.v4.b32
// SWIZZLE: ld.global.nc.v4.b32
// SWIZZLE: st.global.v4.b32
// MULTIBUFFER: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
// MULTIBUFFER: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// MULTIBUFFER: cp.async.commit_group;
// MULTIBUFFER: cp.async.wait_group 2;
// MULTIBUFFER: ld.shared.v4
// MULTIBUFFER: st.global.v4.b32
// WARPTILE: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
// WARPTILE: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// WARPTILE: cp.async.commit_group;
// WARPTILE: cp.async.wait_group 2;
// WARPTILE: ld.shared.v4
// WARPTILE: st.global.v4.b32
