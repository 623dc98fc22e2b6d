#!/usr/bin/env bash
# Session 39, device call 1 (main at this session's grid linearization and
# mma block width), in the order of what is owed most: the GPU lane's new
# test large-grids (16777216 rows, 70000 batch entries, attention over
# 70000 heads), the project check of this session's kernels (launches past
# 65535 blocks in y or z put in grid x: 70000 batch entries, 8388737 rows
# on the tiled and SIMT rungs), the new large-buffers test (a C and a
# softmax of more than 2^31 elements; at most 100 s), then session 38's
# (the 3-pass softmax striding past grid y, the padded-M heuristics'
# 128x256 stream-K kernels): two and four processes, then memcheck /
# racecheck / synccheck; the GPU lane's batched and mma tests; the
# unseen-M suite (bf16) if time is left.
#   BUDGET=560 bash benchmarks/results/2026-12-07-session39/call1.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
cat $O/gpu.txt
step gpu-lit-large 90 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/large-grids"
project_check "--batch 70000 --shape 32x40x24 --dtype f16 --stages=warptile,mma --repeat 3" \
  "--shape 8388737x24x16 --dtype bf16 --out-dtype bf16 --stages=coalesced,mma --repeat 3" \
  "--batch 70000 --layout nt --shape 32x40x24 --dtype bf16 --stages=wgmma --repeat 3" \
  "--shape 8388737x24x16 --dtype f16 --stages=warptile --repeat 3"
mkdir -p $O/s39 && mv $O/concurrency-*.txt $O/concurrency-*.command $O/sanitize* $O/s39/
step gpu-lit-buffers 60 timeout 100 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/large-buffers"
M="--dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 3 --tuning-db="
project_check "--op softmax --shape 2x16777216 --dtype f32 --stages softmax-3pass --repeat 3" \
  "$M --shape 300x27648x5120" "$M --shape 300x5120x13824" "$M --shape 320x10240x8192"
step gpu-lit 120 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/(matmul-batch|matmul-mma|matmul-wgmma-swap-ab)"
step unseen 100 env UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh $B $O/unseen
cat $O/gpu.txt
grep -E "^(FAIL|UNRESOLVED|PASS)|Passed|Failed|Unsupported" $O/gpu-lit-large.txt $O/gpu-lit-buffers.txt $O/gpu-lit.txt | tail -10
cat $O/s39/concurrency-*.txt | grep -E "PASS|FAIL|rc=" | head -12
cat $O/s39/sanitize.txt
grep -E "M = |all|worst" $O/unseen/*.txt
finish
