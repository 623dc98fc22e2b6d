#!/usr/bin/env bash
# Session 40, device call 2 (call 1 was session 39's call1.sh: large-grids
# PASS, the two- and four-process runs of session 39's kernels PASS, its
# sanitizers and everything after them skipped for time): the sanitizers on
# session 39's kernels (launches past 65535 blocks in y or z), then session
# 38's project check (the 3-pass softmax striding past grid y, the padded-M
# 128x256 stream-K kernels).
#   BUDGET=540 bash benchmarks/results/2026-12-07-session40/call2.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step sanitize-s39 100 env TOOLS="memcheck racecheck synccheck" PER_RUN_TIMEOUT=60 \
  bash benchmarks/sanitize-runs.sh $B $O/sanitize-s39 \
  "--batch 70000 --shape 32x40x24 --dtype f16 --stages=warptile,mma" \
  "--shape 8388737x24x16 --dtype bf16 --out-dtype bf16 --stages=coalesced,mma" \
  "--batch 70000 --layout nt --shape 32x40x24 --dtype bf16 --stages=wgmma" \
  "--shape 8388737x24x16 --dtype f16 --stages=warptile"
cat $O/sanitize-s39.txt | tail -15
M="--dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 3 --tuning-db="
project_check "--op softmax --shape 2x16777216 --dtype f32 --stages softmax-3pass --repeat 3" \
  "$M --shape 300x27648x5120" "$M --shape 300x5120x13824" "$M --shape 320x10240x8192"
cat $O/gpu.txt
finish
