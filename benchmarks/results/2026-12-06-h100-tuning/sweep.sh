#!/usr/bin/env bash
# Session 28's first device call (carry .bundle-main: main 2e670fc): the
# autotuner over the LLM-layer suite's M = 512, 2048 and 8192 shapes (bf16
# nt, C bf16, the wgmma stage, 6 candidates besides the heuristics' plan)
# on the card lent, for a tuning database of that card's own
# (benchmarks/tuning/): the H200 database's plans for these shapes ran
# 83-94 % of cuBLAS on an H100 where the 128x256 kernel ran 93-97 %
# (results/2026-12-06-staged-check/issue-figures/suite-bf16.txt).
#   BUDGET=570 bash benchmarks/results/2026-12-06-h100-tuning/sweep.sh
source benchmarks/device-steps.sh .bundle-main
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
echo "bash benchmarks/run-tune.sh $B \$O/tune-db benchmarks/suites/llm-layers.txt 6 (M_LIST='512 2048 8192' OUT_DTYPE=bf16)" > $O/tune.command
BUDGET=$(( $(seconds_left) - 15 )) OUT_DTYPE=bf16 M_LIST="512 2048 8192" \
  bash benchmarks/run-tune.sh $B $O/tune-db benchmarks/suites/llm-layers.txt 6 > $O/tune.txt 2>&1
echo "rc=$?" >> $O/tune.txt
tail -30 $O/tune.txt
cat $O/gpu.txt
finish
