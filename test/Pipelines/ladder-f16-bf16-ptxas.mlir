// REQUIRES: ptxas
// f16 and bf16 inputs (f32 accumulators and C) through every SIMT rung's
// default plan, at 4096^3 (aligned, whole tiles: where the f32 plans cap
// registers at 128) and 4097^3 (unaligned rows, edge tiles): every module
// assembles for sm_90 with no spills. cp.async copies bytes and cannot
// widen 16-bit inputs, so from multibuffer on these plans keep synchronous
// loads (one stage) and no register cap: the 128 cap of the f32 plans
// spilled 24 bytes in the f16 warptile kernel at 4096^3.

// DEFINE: %{ladder} = %{matmul-ptxas:smem} && %{matmul-ptxas:reg1d} \
// DEFINE:   && %{matmul-ptxas:reg2d} && %{matmul-ptxas:vector} && %{matmul-ptxas:swizzle} \
// DEFINE:   && %{matmul-ptxas:multibuffer} && %{matmul-ptxas:warptile}
// REDEFINE: %{matmul-input} = %inputs/matmul-f16-4096x4096x4096.mlir
// RUN: %{ladder}
// REDEFINE: %{matmul-input} = %inputs/matmul-bf16-4096x4096x4096.mlir
// RUN: %{ladder}
// REDEFINE: %{matmul-input} = %inputs/matmul-f16-4097x4097x4097.mlir
// RUN: %{ladder}
// REDEFINE: %{matmul-input} = %inputs/matmul-bf16-4097x4097x4097.mlir
// RUN: %{ladder}

// PTXAS: Compiling entry function 'matmul_kernel' for 'sm_90'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: bytes spill
