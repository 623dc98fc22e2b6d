#!/usr/bin/env bash
# Session 38, the project check of this session's kernel changes, for the
# next call that gets a GPU (not run: no device time was left): the
# three-pass softmax striding over rows past grid y's 65535 tiles, and the
# padded-M heuristics' 128x256 stream-K kernels (300x27648x5120 one tile
# per block and a split wave, 300x5120x13824 tiles split along K with the
# flags kernel, 320x10240x8192 one wave). Two and four processes, then
# memcheck / racecheck / synccheck on the same runs.
#   BUDGET=220 bash benchmarks/results/2026-12-07-session38/call3.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
cat $O/gpu.txt
M="--dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 3 --tuning-db="
project_check "--op softmax --shape 2x16777216 --dtype f32 --stages softmax-3pass --repeat 3" \
  "$M --shape 300x27648x5120" "$M --shape 300x5120x13824" "$M --shape 320x10240x8192"
finish
