#!/usr/bin/env bash
# Session 39, device call 2: the unseen-M suite (bf16) with the committed
# databases and session 38's padded-M rule (the public suite has no padded
# M: its plans did not change); the mma rung's 128x128 blocks where N fits one
# (this session) against the 128x256 blocks it took before
# (inputs/mma-wide-block-db.jsonl forces them), at three shapes of that
# family; the GPU's write-only bandwidth over Q K^T's 268 MB output beside
# torch.bmm's Q K^T (inputs/write-bandwidth.py). Right after call 1, on
# the same machine. Then swap-AB with stream-K (never chosen, never run)
# at two M = 300 layers whose swap-AB tiles leave a last wave partly empty
# (inputs/swap-ab-stream-k-db.jsonl), beside the heuristics' plans.
#   BUDGET=400 bash benchmarks/results/2026-12-07-session39/call2.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-07-session39
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step unseen 100 env UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh $B $O/unseen
for s in 65536x72x4096 131072x128x1024 1048576x72x40; do
  step mma-$s-new 15 gemm-run --shape $s --dtype bf16 --out-dtype bf16 --stages=mma --repeat 10 --tuning-db= --json $O/mma-$s-new.json
  step mma-$s-old 15 gemm-run --shape $s --dtype bf16 --out-dtype bf16 --stages=mma --repeat 10 --tuning-db $D/inputs/mma-wide-block-db.jsonl --json $O/mma-$s-old.json
done
for s in 300x10240x8192 300x27648x5120; do
  step m300-$s-heur 15 gemm-run --shape $s --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 10 --tuning-db= --json $O/m300-$s-heur.json
  step m300-$s-swapsk 15 gemm-run --shape $s --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 10 --tuning-db $D/inputs/swap-ab-stream-k-db.jsonl --json $O/m300-$s-swapsk.json
done
step write-bw 20 python3 $D/inputs/write-bandwidth.py
cat $O/gpu.txt
cat $O/write-bw.txt
summarize | grep -E "mma|m300"
grep -E "M = |all|worst" $O/unseen/*.txt
finish
