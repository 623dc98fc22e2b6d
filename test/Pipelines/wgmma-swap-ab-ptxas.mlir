// REQUIRES: ptxas
// The wgmma stage's swap-AB kernel as the heuristics choose it (no tuning
// database), persistent and warp-specialized: 300x8192x8192 bf16 with B
// stored N x K and a fused bias + residual + GELU (C^T = B A^T in 128
// tiles of 128 rows of N by 152 of M), and 680x5120x5120 into f32 (120
// tiles of 232 columns of M). ptxas: no spill, and no serialized wgmma
// (C7514, which a predicated store reading an accumulator outside a branch
// caused, results/2026-12-06-ws-swap-ab), no C7508/C7520.
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype bf16 --epilogue bias,residual,gelu --shape 300x8192x8192 | gemm-opt --gemm-stage-wgmma="tuning-db='' ptx-file=%t.pad.ptx manifest-file=%t.pad.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=PAD < %t.pad.json
// RUN: %ptxas -arch=sm_90a -v %t.pad.ptx -o %t.pad.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7514 --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype f32 --shape 680x5120x5120 | gemm-opt --gemm-stage-wgmma="tuning-db='' ptx-file=%t.f32.ptx manifest-file=%t.f32.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=F32 < %t.f32.json
// RUN: %ptxas -arch=sm_90a -v %t.f32.ptx -o %t.f32.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7514 --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// A row scale and a residual (300x8192x8192, the heuristics' kernel) are
// read at immediate offsets from one address per row of the swapped tile,
// as C is stored: their per-element addresses spilled 48 bytes under the
// 168-register cap.
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype bf16 --epilogue row-scale,residual --shape 300x8192x8192 | gemm-opt --gemm-stage-wgmma="tuning-db='' ptx-file=%t.res.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=RES < %t.res.ptx
// RUN: %ptxas -arch=sm_90a -v %t.res.ptx -o %t.res.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7514 --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// Swap-AB with stream-K as the heuristics choose it where the swapped
// tiles' last wave is under 3/4 full and splits: 300x10240x8192 with a
// fused bias + residual + GELU (2 x 80 tiles of 128x152) and 400x12288x8192
// (2 x 96 of 128x200): the flag-clearing launch, then 132 persistent
// blocks; no spill under the 168-register cap.
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype bf16 --epilogue bias,residual,gelu --shape 300x10240x8192 | gemm-opt --gemm-stage-wgmma="tuning-db='' ptx-file=%t.sk.ptx manifest-file=%t.sk.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=SK < %t.sk.json
// RUN: %ptxas -arch=sm_90a -v %t.sk.ptx -o %t.sk.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7514 --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype bf16 --shape 400x12288x8192 | gemm-opt --gemm-stage-wgmma="tuning-db='' ptx-file=%t.sk2.ptx manifest-file=%t.sk2.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=SK < %t.sk2.json
// RUN: %ptxas -arch=sm_90a -v %t.sk2.ptx -o %t.sk2.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7514 --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// The warp-specialized swap-AB kernel forced (test/Inputs/ws-swap-ab-ptxas-db.jsonl):
// at a ragged M in one tile a block (300x8192x8192, 152 columns), and in the
// persistent kernel's tile loop (240 tiles) at a whole M (272 = 2 x 136)
// and a ragged one (271). Each element's store in its own branch keeps
// ptxas from serializing its wgmmas (C7514) in all three.
// RUN: for s in 300x8192x8192 272x15360x5120 271x15360x5120; do \
// RUN:   gemm-run --print-input --layout nt --dtype bf16 --out-dtype bf16 --shape $s \
// RUN:   | gemm-opt --gemm-stage-wgmma="tuning-db=%S/../Inputs/ws-swap-ab-ptxas-db.jsonl tuning-db-strict=1 ptx-file=%t.ws.$s.ptx manifest-file=%t.ws.$s.json" -o /dev/null 2>/dev/null || exit 1; \
// RUN:   cat %t.ws.$s.json; %ptxas -arch=sm_90a -v %t.ws.$s.ptx -o %t.ws.cubin 2>&1 || exit 1; done \
// RUN:   | FileCheck %s --check-prefix=WS --implicit-check-not=C7514 --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning

// SK:      "grid": [1, 1, 1],
// SK:      "grid": [132, 1, 1],
// SK-NEXT: "block": [384, 1, 1],

// PAD:      "grid": [128, 1, 1],
// PAD-NEXT: "block": [384, 1, 1],
// F32:      "grid": [120, 1, 1],
// F32-NEXT: "block": [384, 1, 1],

// The row scale at 2 bytes a row of C, the residual at 8192 x 2.
// RES:      ld.global.nc.b16 %rs{{[0-9]+}}, [%rd[[SCALE:[0-9]+]]+0];
// RES:      ld.global.nc.b16 %rs{{[0-9]+}}, [%rd[[RES:[0-9]+]]+0];
// RES:      st.global.b16 [%rd{{[0-9]+}}+0]
// RES:      ld.global.nc.b16 %rs{{[0-9]+}}, [%rd[[SCALE]]+2];
// RES:      ld.global.nc.b16 %rs{{[0-9]+}}, [%rd[[RES]]+16384];
// RES:      st.global.b16 [%rd{{[0-9]+}}+16384]

// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
// PTXAS:     Used {{[0-9]+}} registers

// WS:      "grid": [128, 1, 1],
// WS-NEXT: "block": [384, 1, 1],
// WS-NOT:  {{[1-9][0-9]*}} bytes spill
// WS:      Used 168 registers
// WS:      "grid": [132, 1, 1],
// WS-NEXT: "block": [384, 1, 1],
// WS-NOT:  {{[1-9][0-9]*}} bytes spill
// WS:      Used 168 registers
// WS:      "grid": [132, 1, 1],
// WS-NEXT: "block": [384, 1, 1],
// WS-NOT:  {{[1-9][0-9]*}} bytes spill
// WS:      Used 168 registers
