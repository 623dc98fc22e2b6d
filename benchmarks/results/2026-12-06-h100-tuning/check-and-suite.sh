#!/usr/bin/env bash
# Session 28's second device call (carry .bundle-main: main with the
# stream-K register fit and the device-keyed tuning lookup, h100.jsonl's 18
# complete entries compiled in):
#  1. 128x256 stream-K over several rounds, the plans that stopped the first
#     sweep on an illegal instruction, now with 24/240 registers (fresh
#     process each; inputs/stream-k-*.jsonl name the tiles only);
#  2. the six shapes whose sweep that stopped, tuned again;
#  3. the suite (bf16 nt) with the H200 database and the H100 one merged
#     (the H100's entries first: --tuning-device auto), then with the H200
#     database alone (the previous default), same call.
#   BUDGET=570 bash benchmarks/results/2026-12-06-h100-tuning/check-and-suite.sh
source benchmarks/device-steps.sh .bundle-main
D=benchmarks/results/2026-12-06-h100-tuning
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
g="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt"
for s in 8192x5120x5120 8192x8192x8192 512x57344x8192; do
  step sk-$s 20 $B/gemm-run $g --shape $s --repeat 10 --tuning-db $D/inputs/stream-k-$s.jsonl --json $O/sk-$s.json
done
mkdir -p $O/retune
step retune 170 env BUDGET=160 OUT_DTYPE=bf16 bash benchmarks/run-tune.sh $B $O/retune $D/inputs/retune.txt 6
tail -8 $O/retune.txt
$B/gemm-run --merge-tuning-db $O/combined.jsonl benchmarks/tuning/h200.jsonl benchmarks/tuning/h100.jsonl $O/retune/shard-0.jsonl > $O/merge.txt 2>&1
cat $O/merge.txt
step suite-h100db 175 $B/gemm-run --suite benchmarks/suites/llm-layers.txt $g --tuning-db $O/combined.jsonl --json $O/suite-h100db.json
step suite-h200db 175 $B/gemm-run --suite benchmarks/suites/llm-layers.txt $g --tuning-db benchmarks/tuning/h200.jsonl --json $O/suite-h200db.json
for f in suite-h100db suite-h200db; do echo "== $f"; grep -A9 "geomean" $O/$f.txt | tail -9; done
cat $O/gpu.txt
finish
