#!/usr/bin/env bash
# Session 36, device call 8: as calls 6 and 7 for the suite's M = 8192 shapes (big-suite.txt):
# the tuner with the cluster variants (8 candidates besides the heuristics' plan) into a
# fresh database, then those shapes with the committed databases and with the new entries
# merged in (per problem and GPU the fastest).
#   BUDGET=540 bash benchmarks/results/2026-12-07-session36/call8.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-07-session36
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
BUDGET=$(( $(seconds_left) - 110 )) M_LIST="8192" bash benchmarks/run-tune.sh $B $O/tune benchmarks/suites/llm-layers.txt 8 > $O/tune.txt 2>&1
cat benchmarks/tuning/h200.jsonl benchmarks/tuning/h100.jsonl | grep -v '^#' > $O/committed.jsonl
gemm-run --merge-tuning-db $O/big-merged.jsonl $O/committed.jsonl $O/tune/merged.jsonl > $O/merge.txt 2>&1
S="--suite $D/big-suite.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --repeat 10"
step suite-committed 45 gemm-run $S --tuning-db default --json $O/suite-committed.json
step suite-merged 45 gemm-run $S --tuning-db $O/big-merged.jsonl --json $O/suite-merged.json
cat $O/gpu.txt $O/tune.txt $O/merge.txt
for f in $O/suite-*.txt; do echo "== $f"; grep -E "M = |all" $f | head -4; done
finish
