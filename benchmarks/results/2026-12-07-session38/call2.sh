#!/usr/bin/env bash
# Session 38, device call 2 (main after the hostile-forms merge): whether
# the non-swapped 128x256 stream-K kernel beats the heuristics' plan over
# the padded-M shapes where the wave cost model (WgmmaScheduleLimits.h)
# rates it cheaper than swap-AB (call 1 found it ahead at 300x27648x5120,
# 92.4 against 79.3), with three shapes where the model rates swap-AB
# cheaper as controls (inputs/padded-sk.txt, inputs/t256-sk-padded.jsonl);
# then the three-pass softmax over rows longer than grid y's 65535 tiles
# (the hostile-forms branch's kernel change) and the GPU lane's softmax tests.
#   BUDGET=230 bash benchmarks/results/2026-12-07-session38/call2.sh
source benchmarks/device-steps.sh .bundle-new
I=benchmarks/results/2026-12-07-session38/inputs
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
cat $O/gpu.txt
step softmax-long-rows 30 gemm-run --op softmax --shape 2x16777216 --dtype f32 --stages softmax-3pass,softmax-online --repeat 3 --json $O/softmax-long-rows.json
run() { # NAME SUITE DB
  step $1 50 gemm-run --suite $2 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db="$3" --json $O/$1.json
}
run padded-sk-heur $I/padded-sk.txt ''
run padded-sk-t256 $I/padded-sk.txt $I/t256-sk-padded.jsonl
step gpu-lit-softmax 40 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/softmax"
grep -E "^(FAIL|UNRESOLVED)|Passed|Failed" $O/gpu-lit-softmax.txt | tail -4
grep -H "all " $O/*.txt
summarize
finish
