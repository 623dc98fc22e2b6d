#!/usr/bin/env bash
# The split last wave on 17 shapes: four forced plans (a tuning database of one
# plan for every shape, bf16 and f16 each), against cuBLAS interleaved; from
# the repository root on the GPU machine.
source benchmarks/device-steps.sh
S=benchmarks/results/2026-12-04-stream-k/split-tail/shapes.txt
for v in sk256 sk128 sk64 dp64; do
  step $v 60 gemm-run --suite $S --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db benchmarks/results/2026-12-04-stream-k/split-tail/$v.jsonl --json $O/$v.json
done
summarize
finish
