// REQUIRES: ptxas
// The wgmma stage's tiles fitted to the waves (B stored N x K, any multiple
// of 8 columns: waveFittedBlockN, the tuner's candidates), forced by the
// GPU lane's tuning database (test/GPU/Inputs/block-n-db.jsonl):
// 300x5120x5120 bf16 with a fused bias + GELU in 130 tiles of 64x200 (one
// consumer warpgroup, 6 ring slots), 1500x5120x5120 into f32 in 264 tiles
// of 128x240 (two consumers, 4 slots), N ragged in the last column tile of
// both; then stream-K's parts on 128x216, split-K on 128x200, ping-pong
// consumers on 64x200, TF32 on 64x200, both operands transposed on 64x248. ptxas: no spill, no serialized wgmma (C7514), no C7508/C7520.
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype bf16 --epilogue bias,gelu --shape 300x5120x5120 | gemm-opt --gemm-stage-wgmma="tuning-db=%S/../GPU/Inputs/block-n-db.jsonl tuning-db-strict=1 ptx-file=%t.300.ptx manifest-file=%t.300.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=M300 < %t.300.json
// RUN: FileCheck %s --check-prefix=N200 < %t.300.ptx
// RUN: %ptxas -arch=sm_90a -v %t.300.ptx -o %t.300.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7514 --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: gemm-run --print-input --layout nt --dtype bf16 --out-dtype f32 --shape 1500x5120x5120 | gemm-opt --gemm-stage-wgmma="tuning-db=%S/../GPU/Inputs/block-n-db.jsonl tuning-db-strict=1 ptx-file=%t.1500.ptx manifest-file=%t.1500.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=M1500 < %t.1500.json
// RUN: FileCheck %s --check-prefix=N240 < %t.1500.ptx
// RUN: %ptxas -arch=sm_90a -v %t.1500.ptx -o %t.1500.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7514 --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: for a in "f16 f32 nt 257x4100x1032" "bf16 bf16 nt 520x2000x4096" "bf16 bf16 nt 128x3000x8192" "f16 f16 nt 1000x1000x1000" "f32 f32 nn 300x1000x512" "bf16 bf16 tt 3x999x776"; do \
// RUN:   set -- $a; \
// RUN:   gemm-run --print-input --dtype $1 --out-dtype $2 --layout $3 --shape $4 \
// RUN:   | gemm-opt --gemm-stage-wgmma="allow-tf32=true tuning-db=%S/../GPU/Inputs/block-n-db.jsonl tuning-db-strict=1 ptx-file=%t.forced.ptx" -o /dev/null 2>/dev/null || exit 1; \
// RUN:   grep -o -m1 "m64n[0-9]*k[0-9]*" %t.forced.ptx; %ptxas -arch=sm_90a -v %t.forced.ptx -o %t.forced.cubin 2>&1 || exit 1; done \
// RUN:   | FileCheck %s --check-prefix=FORCED --implicit-check-not=C7514 --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning

// M300:      "grid": [130, 1, 1],
// M300-NEXT: "block": [256, 1, 1],
// N200:      wgmma.mma_async.sync.aligned.m64n200k16.f32.bf16.bf16
// M1500:      "grid": [132, 1, 1],
// M1500-NEXT: "block": [384, 1, 1],
// N240:      wgmma.mma_async.sync.aligned.m64n240k16.f32.bf16.bf16

// FORCED: m64n136k16
// FORCED: 0 bytes spill stores, 0 bytes spill loads
// FORCED: m64n216k16
// FORCED: 0 bytes spill stores, 0 bytes spill loads
// FORCED: m64n200k16
// FORCED: 0 bytes spill stores, 0 bytes spill loads
// FORCED: m64n200k16
// FORCED: 0 bytes spill stores, 0 bytes spill loads
// FORCED: m64n200k8
// FORCED: 0 bytes spill stores, 0 bytes spill loads
// FORCED: m64n248k16
// FORCED: 0 bytes spill stores, 0 bytes spill loads

// PTXAS: 0 bytes spill stores, 0 bytes spill loads
