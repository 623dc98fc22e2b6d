// REQUIRES: ptxas
// The wgmma stage's swap-AB kernel as the heuristics choose it (no tuning
// database): 300x8192x8192 bf16 with B stored N x K and a fused bias +
// residual + GELU (C^T = B A^T in 2 x 64 tiles of 128 rows of N by 152 of
// M), and 680x5120x5120 into f32 (3 x 40 tiles of 232 columns of M).
// ptxas: no spill, and no serialized wgmma (C7514: with an scf.if and an
// address per element of its transposed stores, ptxas serialized the
// kernel's wgmmas, results/2026-12-06-padded-m), no C7508/C7520.
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype bf16 --epilogue bias,residual,gelu --shape 300x8192x8192 | gemm-opt --gemm-stage-wgmma="tuning-db='' ptx-file=%t.pad.ptx manifest-file=%t.pad.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=PAD < %t.pad.json
// RUN: %ptxas -arch=sm_90a -v %t.pad.ptx -o %t.pad.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7514 --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype f32 --shape 680x5120x5120 | gemm-opt --gemm-stage-wgmma="tuning-db='' ptx-file=%t.f32.ptx manifest-file=%t.f32.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=F32 < %t.f32.json
// RUN: %ptxas -arch=sm_90a -v %t.f32.ptx -o %t.f32.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7514 --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning

// PAD:      "grid": [2, 64, 1],
// PAD-NEXT: "block": [256, 1, 1],
// F32:      "grid": [3, 40, 1],
// F32-NEXT: "block": [256, 1, 1],

// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
// PTXAS:     Used {{[0-9]+}} registers
