#!/usr/bin/env bash
# Session 37, device call 2: whether clusters win on this GPU where they won
# on the H100 (few M tiles over many N tiles). The tuner, whose candidates
# include the cm2 / cn2 variants (alternating with the others), over the
# suite's M = 512 shapes and the unseen suite's M = 300 ones, each into a
# fresh database (tune-512/, tune-300/; the M = 300 one only to learn from:
# those shapes stay out of the committed database, the unseen suite's point);
# first, 8192^3 on 128x256 tiles without a cluster and in clusters of 2 and 4
# along M (inputs/cm*-8192.jsonl): whether the persistent grid's 33
# clusters of 4 are co-resident on this GPU's 132 SMs (one left over would
# run after the others, near twice the time).
#   BUDGET=585 bash benchmarks/results/2026-12-07-session37/call2.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
I=benchmarks/results/2026-12-07-session37/inputs
for c in 1 2 4; do
  step cm$c-8192 25 gemm-run --shape 8192x8192x8192 --dtype bf16 --out-dtype bf16 --layout nt --stages wgmma --repeat 20 --tuning-db $I/cm$c-8192.jsonl --json $O/cm$c-8192.json
done
step tune-512 200 env BUDGET=270 M_LIST=512 bash benchmarks/run-tune.sh $B $O/tune-512 benchmarks/suites/llm-layers.txt 10
step tune-300 100 env BUDGET=$(( $(seconds_left) - 20 )) M_LIST=300 bash benchmarks/run-tune.sh $B $O/tune-300 benchmarks/suites/llm-layers-unseen-m.txt 10
summarize
cat $O/gpu.txt $O/tune-512.txt $O/tune-300.txt
finish
