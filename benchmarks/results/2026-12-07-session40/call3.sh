#!/usr/bin/env bash
# Session 40, device call 3, right after call2.sh on the same machine: the
# GPU lane's batched, mma and swap-AB tests (swap-AB with stream-K forced at
# 271x10240x4096, never run before), swap-AB with stream-K against the
# heuristics at two M = 300 layers, the unseen-M suite (bf16) after session
# 38's padded-M rule, the mma rung's block widths (session 39) old against
# new, Q K^T's write floor, then the large-buffers test with what is left.
#   BUDGET=560 bash benchmarks/results/2026-12-07-session40/call3.sh
source benchmarks/device-steps.sh .bundle-new
S=benchmarks/results/2026-12-07-session39
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step gpu-lit 120 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/(matmul-batch|matmul-mma|matmul-wgmma-swap-ab)"
for s in 300x10240x8192 300x27648x5120; do
  step m300-$s-heur 15 gemm-run --shape $s --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 10 --tuning-db= --json $O/m300-$s-heur.json
  step m300-$s-swapsk 15 gemm-run --shape $s --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 10 --tuning-db $S/inputs/swap-ab-stream-k-db.jsonl --json $O/m300-$s-swapsk.json
done
step unseen 100 env UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh $B $O/unseen
for s in 65536x72x4096 131072x128x1024 1048576x72x40; do
  step mma-$s-new 15 gemm-run --shape $s --dtype bf16 --out-dtype bf16 --stages=mma --repeat 10 --tuning-db= --json $O/mma-$s-new.json
  step mma-$s-old 15 gemm-run --shape $s --dtype bf16 --out-dtype bf16 --stages=mma --repeat 10 --tuning-db $S/inputs/mma-wide-block-db.jsonl --json $O/mma-$s-old.json
done
step write-bw 20 python3 $S/inputs/write-bandwidth.py
step gpu-lit-buffers 60 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/large-buffers"
cat $O/gpu.txt
grep -E "^(FAIL|UNRESOLVED|PASS)|Passed|Failed|Unsupported" $O/gpu-lit*.txt | tail -12
cat $O/write-bw.txt
summarize | grep -E "mma|m300"
grep -E "M = |all|worst" $O/unseen/*.txt
finish
