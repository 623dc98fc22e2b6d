#!/usr/bin/env bash
# Session 39, device call 1 (main + this session's grid linearization and
# mma block width): the project checks owed and new. Session 38's kernel
# changes (the 3-pass softmax striding past grid y, the padded-M
# heuristics' 128x256 stream-K kernels) and this session's (launches past
# 65535 blocks in y or z put in grid x: 70000 batch entries, 8388737 rows
# on the tiled and SIMT rungs): two and four processes, then memcheck /
# racecheck / synccheck. Then the GPU lane's new test (large-grids) and
# the batched and mma tests the change touches.
#   BUDGET=585 bash benchmarks/results/2026-12-07-session39/call1.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
cat $O/gpu.txt
M="--dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 3 --tuning-db="
project_check "--op softmax --shape 2x16777216 --dtype f32 --stages softmax-3pass --repeat 3" \
  "$M --shape 300x27648x5120" "$M --shape 300x5120x13824" "$M --shape 320x10240x8192"
mkdir -p $O/s38 && mv $O/concurrency-*.txt $O/concurrency-*.command $O/sanitize* $O/s38/
project_check "--batch 70000 --shape 32x40x24 --dtype f16 --stages=warptile,mma --repeat 3" \
  "--shape 8388737x24x16 --dtype bf16 --out-dtype bf16 --stages=coalesced,mma --repeat 3" \
  "--batch 70000 --layout nt --shape 32x40x24 --dtype bf16 --stages=wgmma --repeat 3" \
  "--shape 8388737x24x16 --dtype f16 --stages=warptile --repeat 3"
step gpu-lit 150 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/(large-grids|matmul-batch|matmul-mma)"
cat $O/gpu.txt
cat $O/s38/concurrency-*.txt | grep -E "PASS|FAIL|rc=" | head -12
cat $O/s38/sanitize.txt
grep -E "^(FAIL|UNRESOLVED|PASS)|Passed|Failed|Unsupported" $O/gpu-lit.txt | tail -8
finish
