#!/usr/bin/env bash
# Session 32's third device call (carry .bundle-new: the static bundle of main with this session's
# changes and helper A's merged, gemm-opt left out; .whl: lit 22 from /usr/lib/llvm-22/utils/lit):
# the GPU lane's tests of the changes no call had run (casts around a softmax and the HF attention
# block; a matmul result kept beside its fused consumer); compute-sanitizer memcheck on the HF
# attention block and on several ops over a batch beside the tokens (buffers sized from M / 3: a
# wrong size reads or writes out of bounds); attention's Q K^T with the tuner's plan of call 1
# (inputs/qk-tuned-64x256.jsonl) against the heuristics' if time is left.
#   BUDGET=220 bash benchmarks/results/2026-12-06-session32/call3.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-06-session32
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step gpu-lit 60 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/(shared-matmul|softmax-casts|attention-softmax)"
step memcheck 50 env TOOLS=memcheck PER_RUN_TIMEOUT=100 bash benchmarks/sanitize-runs.sh $B $O/memcheck \
  "test/Inputs/linear-softmax-linear-dynamic-batch3-bf16-256x512x128.mlir --sizes 111 --stages=wgmma" \
  "test/Inputs/attention-hf-casts-f16-2x3x130x67x72.mlir --stages=wgmma"
QK="--shape 2048x2048x128 --batch 32 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 20"
for r in 1 2; do
  step qk-heur-$r 40 gemm-run $QK --json $O/qk-heur-$r.json
  step qk-tuned-$r 35 gemm-run $QK --tuning-db $D/inputs/qk-tuned-64x256.jsonl --json $O/qk-tuned-$r.json
done
cat $O/gpu.txt
grep -E "^(PASS|FAIL|UNSUPPORTED)|Passed|Failed" $O/gpu-lit.txt | tail -30
cat $O/memcheck.txt
summarize
finish
