// REQUIRES: ptxas
// The wgmma stage with stream-K's split last wave, as the heuristics choose
// it (no tuning database): 512x10240x8192 bf16 (B stored N x K; 128x256
// tiles, 28 of the 160 split in 4 along K); and forced by test/Inputs/
// stream-k-padded-m-db.jsonl (the heuristics take swap-AB or 128x256
// there, swap-ab-ptxas.mlir, padded-m-plans.mlir) 300x10240x8192 (64x256,
// 68 tiles in 5 parts over 3 rounds), 300x8192x8192 bf16 with a fused
// bias + residual + GELU (64x256 tiles, one consumer warpgroup) and two
// parts a tile: 300x16384x4096 (64x256, 320 tiles: 2 waves and 56 split
// in 2), where part 0 adds one partial.
// The module holds the flags kernel first, then the matmul kernel, a
// programmatic dependent launch; ptxas: both, 0 spills, no C7508/C7520.

// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype bf16 --shape 512x10240x8192 | gemm-opt --gemm-stage-wgmma="tuning-db='' ptx-file=%t.wide.ptx manifest-file=%t.wide.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.wide.json
// RUN: %ptxas -arch=sm_90a -v %t.wide.ptx -o %t.wide.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype bf16 --epilogue bias,residual,gelu --shape 300x8192x8192 | gemm-opt --gemm-stage-wgmma="tuning-db=%S/../Inputs/stream-k-padded-m-db.jsonl ptx-file=%t.pad.ptx manifest-file=%t.pad.json" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.pad.ptx -o %t.pad.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype bf16 --shape 300x10240x8192 | gemm-opt --gemm-stage-wgmma="tuning-db=%S/../Inputs/stream-k-padded-m-db.jsonl ptx-file=%t.rounds.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.rounds.ptx -o %t.rounds.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// Two consumers of 128x256 tiles over several rounds (2048x3328x4096 forced
// by the GPU lane's database: 5 parts over 3 rounds): setmaxnreg 24 / 240,
// 0 spills (at 40 / 232 ptxas spilled and the kernel faulted on an H100).
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x3328x4096 | gemm-opt --gemm-stage-wgmma="tuning-db=%S/../GPU/Inputs/stream-k-db.jsonl ptx-file=%t.wide.rounds.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=REGS < %t.wide.rounds.ptx
// RUN: %ptxas -arch=sm_90a -v %t.wide.rounds.ptx -o %t.wide.rounds.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype bf16 --shape 300x16384x4096 | gemm-opt --gemm-stage-wgmma="tuning-db=%S/../Inputs/stream-k-padded-m-db.jsonl ptx-file=%t.two.ptx manifest-file=%t.two.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=TWO < %t.two.json
// RUN: %ptxas -arch=sm_90a -v %t.two.ptx -o %t.two.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning

// MANIFEST:      "grid": [1, 1, 1],
// MANIFEST-NEXT: "block": [224, 1, 1],
// MANIFEST-NOT:  "programmatic_dependent"
// MANIFEST:      "grid": [132, 1, 1],
// MANIFEST-NEXT: "block": [384, 1, 1],
// MANIFEST:      "programmatic_dependent": true,

// 56 tiles x 2 parts x 1 consumer warpgroup: 112 flags.
// TWO:       "grid": [1, 1, 1],
// TWO-NEXT:  "block": [128, 1, 1],
// TWO:       "grid": [132, 1, 1],

// REGS: setmaxnreg.inc.sync.aligned.u32 240;
// REGS: setmaxnreg.dec.sync.aligned.u32 24;

// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
// PTXAS:     Used {{[0-9]+}} registers
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
// PTXAS:     Used {{[0-9]+}} registers
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
