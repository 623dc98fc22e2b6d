#!/usr/bin/env bash
# Session 32's fourth device call, the project check of the kernels this session changed (carry
# .bundle-new: main 019e570's static bundle (the code of every later commit but this mend), gemm-opt left out): the softmax kernels reading X and
# writing Y in two types (16-byte stores split where Y is wider; the cluster plan's register
# reserve) and the HF attention block, two and four processes sharing the GPU, then memcheck /
# racecheck / synccheck on them.
#   BUDGET=150 bash benchmarks/results/2026-12-06-session32/call4.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
V="test/GPU/Inputs/softmax-casts-7x1000-f16-f32.mlir --stages=softmax-vector,softmax-rows --repeat 3"
C="--op softmax --shape 16x131072 --dtype f16 --out-dtype f32 --stages=softmax-rows --repeat 3"
A="test/Inputs/attention-hf-casts-f16-2x3x130x67x72.mlir --stages=wgmma --repeat 3"
step concurrency-2 25 bash benchmarks/concurrency-check.sh $B 1 "$V" "$C"
step concurrency-4 30 bash benchmarks/concurrency-check.sh $B 1 "$V" "$C" "$A" "$V"
step sanitize 40 env TOOLS="memcheck racecheck synccheck" PER_RUN_TIMEOUT=60 bash benchmarks/sanitize-runs.sh $B $O/sanitize \
  "test/GPU/Inputs/softmax-casts-7x1000-f16-f32.mlir --stages=softmax-vector" \
  "--op softmax --shape 16x131072 --dtype f16 --out-dtype f32 --stages=softmax-rows"
cat $O/gpu.txt
cat $O/concurrency-2.txt $O/concurrency-4.txt | grep -E "PASS|FAIL|rc=" | head -12
cat $O/sanitize.txt
finish
