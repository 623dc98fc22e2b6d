#!/usr/bin/env bash
# Written in session 40 for the next session's second device call: the
# tuner over the padded-M layers where one wave of swap-AB's tiles is under
# 3/4 full, or the K is short, so the heuristics take 128x256 stream-K
# tiles and stay at 76-81 % (session 40, call 3: 300x15360x5120 76.1,
# 300x5120x13824 80.6, 300x5120x5120 81.0), and two other M of the family
# (288, 400), bf16 with B stored N x K. Every candidate that passes is
# recorded (--tune-record-all), so the winners and the runners-up show
# which tiles a rule for the one-wave family should take.
#   BUDGET=560 bash benchmarks/results/2026-12-07-session40/next-call2.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
for s in 300x15360x5120 300x5120x13824 300x5120x5120 288x5120x13824 400x6144x8192; do
  step tune-$s 90 gemm-run --tune --shape $s --dtype bf16 --out-dtype bf16 --layout nt \
    --tune-max 24 --tune-record-all --tuning-db $O/tune-$s.jsonl --json $O/tune-$s.json
done
cat $O/gpu.txt
for f in $O/tune-*.txt; do echo "== $f"; grep -E "winner|heuristic" "$f" | head -4; done
finish
