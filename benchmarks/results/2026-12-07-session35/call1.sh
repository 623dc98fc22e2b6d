#!/usr/bin/env bash
# Session 35's first device call, prepared and NOT run: no device started in session 35
# (NOTE.md). Carry .bundle-new (the static bundle of main, gemm-opt left
# out) and .whl (lit 22). In order, as far as BUDGET goes:
#  1. the project check session 34 owed on an H200: two and four processes sharing the GPU,
#     then memcheck / racecheck / synccheck, on bias + GELU at 1000x999x777, 64x200 tiles at
#     300x5120x5120, stream-K over 128x216 tiles at 520x2000x4096 and attention over a
#     dynamic batch count (the online softmax's grid over batch * q rows);
#     (the sanitizers last: they take what is left);
#  2. the activation forms' accuracy (the Triton kernel session 34 fixed, not re-run);
#  3. the tuner at 4096^3 with bias + GELU (issue 16's 3 %): whether another schedule
#     (ping-pong: one consumer's epilogue under the other's K loop) hides the
#     activation's special-function work.
#   BUDGET=330 bash benchmarks/results/2026-12-07-session35/call1.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
G="--shape 1000x999x777 --dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,gelu --stages=wgmma --repeat 3"
W="--shape 300x5120x5120 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 3 --tuning-db test/GPU/Inputs/block-n-db.jsonl"
K="--shape 520x2000x4096 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 3 --tuning-db test/GPU/Inputs/block-n-db.jsonl"
D="test/Inputs/attention-dynamic-batch-bf16-130x67x72.mlir --sizes 1,300 --stages=wgmma,softmax-rows --repeat 3"
DM="test/Inputs/attention-mask-dynamic-batch-bf16-130x67x72.mlir --sizes 5,777 --stages=mma,wgmma --repeat 3"
step concurrency-2 25 bash benchmarks/concurrency-check.sh $B 1 "$G" "$D"
step concurrency-4 30 bash benchmarks/concurrency-check.sh $B 1 "$G" "$W" "$K" "$D"
step concurrency-4-dynb 30 bash benchmarks/concurrency-check.sh $B 1 "$D" "$DM" "$D" "$DM"
T="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tune --tune-record-all --tune-max 24 --tuning-db $O/gelu-tune.jsonl"
step accuracy 20 python3 benchmarks/prototypes/activation-accuracy.py --json $O/accuracy.json
step tune-gelu-4096 60 gemm-run $T --shape 4096x4096x4096 --epilogue bias,gelu --json $O/tune-gelu-4096.json
step sanitize 100 env TOOLS="memcheck racecheck synccheck" PER_RUN_TIMEOUT=80 bash benchmarks/sanitize-runs.sh $B $O/sanitize \
  "--shape 1000x999x777 --dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,gelu --stages=wgmma" \
  "--shape 300x5120x5120 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --tuning-db test/GPU/Inputs/block-n-db.jsonl" \
  "--shape 520x2000x4096 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --tuning-db test/GPU/Inputs/block-n-db.jsonl" \
  "test/Inputs/attention-dynamic-batch-bf16-130x67x72.mlir --sizes 3 --stages=softmax-rows" \
  "test/Inputs/attention-mask-dynamic-batch-bf16-130x67x72.mlir --sizes 5 --stages=wgmma"
cat $O/gpu.txt
cat $O/concurrency-*.txt | grep -E "PASS|FAIL|rc=" | head -24
cat $O/sanitize.txt
grep -hE "winner|confirm" $O/tune-*.txt | head -20
grep -E "ftz|A-S|ulp" $O/accuracy.txt | head -8
finish
