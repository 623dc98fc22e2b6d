#!/usr/bin/env bash
# Written in session 40 for the next session's first device call (main at
# session 40's end; rebuild .bundle-new first). Order is by what is owed:
# the project check of swap-AB with stream-K where the heuristics now
# choose it (300x10240x8192 with a bias + residual, 400x12288x8192,
# 288x10240x8192 f16): two and four processes, memcheck / racecheck /
# synccheck; the GPU lane's swap-AB test (its new 300x10240x8192 line);
# the unseen-M suite in one run after the change (bf16, then f16); the
# large-buffers test with the host checks in pieces (at most 240 s).
#   BUDGET=560 bash benchmarks/results/2026-12-07-session40/next-call1.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
S="--layout nt --stages=wgmma --repeat 3 --tuning-db="
project_check "$S --dtype bf16 --out-dtype bf16 --epilogue bias,residual --shape 300x10240x8192" \
  "$S --dtype bf16 --out-dtype bf16 --shape 400x12288x8192" \
  "$S --dtype f16 --out-dtype f16 --shape 288x10240x8192" \
  "$S --dtype bf16 --out-dtype bf16 --shape 300x18432x8192"
step gpu-lit 60 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/matmul-wgmma-swap-ab"
step unseen 200 bash benchmarks/run-unseen-m.sh $B $O/unseen
step gpu-lit-buffers 120 timeout 240 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/large-buffers"
cat $O/gpu.txt
grep -E "^(FAIL|UNRESOLVED|PASS)|Passed|Failed" $O/gpu-lit*.txt | tail -6
grep -E "M = |all|worst" $O/unseen/*.txt
finish
