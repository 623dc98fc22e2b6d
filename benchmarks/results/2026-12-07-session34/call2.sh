#!/usr/bin/env bash
# Session 34's second device call, as it ran: three commands on the warm H100 right after call1
# (the fitted-tile comparison of the unseen-M suite was dropped: call1's fit-fitted had already
# lost on every shape). Carry .bundle-new and .whl. Output in call2/r.
#  1. the rest of the GPU lane (every test call1 did not run);
#  2. memcheck and racecheck on attention over a dynamic batch count (softmax-rows at 3
#     entries: its spare blocks; the masked form on wgmma at 5);
#  3. three processes sharing the GPU on the same functions at 1 ... 4097 entries.
source benchmarks/device-steps.sh .bundle-new
BUDGET=230
step gpu-lit-rest 30 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter-out "GPU/(matmul-epilogue|matmul-wgmma-block-n|softmax-casts|multi-op-dynamic)"
BUDGET=200
step sanitize-dynb 30 env TOOLS="memcheck racecheck" PER_RUN_TIMEOUT=80 bash benchmarks/sanitize-runs.sh $B $O/sanitize-dynb \
  "test/Inputs/attention-dynamic-batch-bf16-130x67x72.mlir --sizes 3 --stages=softmax-rows" \
  "test/Inputs/attention-mask-dynamic-batch-bf16-130x67x72.mlir --sizes 5 --stages=wgmma"
BUDGET=150
step concurrency-dynb 20 bash benchmarks/concurrency-check.sh $B 1 \
  "test/Inputs/attention-dynamic-batch-bf16-130x67x72.mlir --sizes 1,300 --stages=wgmma,softmax-rows --repeat 3" \
  "test/Inputs/attention-mask-dynamic-batch-bf16-130x67x72.mlir --sizes 5,777 --stages=mma,wgmma --repeat 3" \
  "test/Inputs/attention-dynamic-batch-bf16-130x67x72.mlir --sizes 4097 --stages=wgmma --repeat 3"
finish
