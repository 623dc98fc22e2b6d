#!/usr/bin/env bash
# Session 36, device call 6: the tuner with the cluster variants (cm2 / cn2; fixed in this
# session) over the suite's M = 512 and 2048 shapes (bf16 nt, C bf16), where the H100's
# suite figures were lowest (results/2026-12-06-h100-tuning: 91.1 % and 95.4 %), into a
# fresh database (call6/tune/merged.jsonl). The suite with it follows in call 7.
#   BUDGET=540 bash benchmarks/results/2026-12-07-session36/call6.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
BUDGET=$(( $(seconds_left) - 15 )) M_LIST="512 2048" bash benchmarks/run-tune.sh $B $O/tune benchmarks/suites/llm-layers.txt 10 > $O/tune.txt 2>&1
cat $O/gpu.txt $O/tune.txt
finish
