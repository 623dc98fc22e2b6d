#!/usr/bin/env bash
# Session 40, device call 4: swap-AB with stream-K (forced,
# inputs/swap-ab-stream-k-family-db.jsonl) against the heuristics' plans
# over the padded-M shapes whose swap-AB tiles leave a later wave under 3/4
# full (the heuristics' 128x256 stream-K branch, K >= 8192), bf16, B
# stored N x K.
#   BUDGET=150 bash benchmarks/results/2026-12-07-session40/call4.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-07-session40
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
for s in 300x10240x8192 288x10240x8192 320x10240x8192 300x9216x8192 300x11008x8192 300x12288x8192 400x12288x8192 560x6144x8192 300x18432x8192 300x10240x13824; do
  step f-$s-heur 6 gemm-run --shape $s --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 10 --tuning-db= --json $O/f-$s-heur.json
  step f-$s-swapsk 6 gemm-run --shape $s --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 10 --tuning-db $D/inputs/swap-ab-stream-k-family-db.jsonl --json $O/f-$s-swapsk.json
done > $O/steps.log
cat $O/gpu.txt
summarize
finish
