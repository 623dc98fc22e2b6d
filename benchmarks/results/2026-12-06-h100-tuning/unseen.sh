#!/usr/bin/env bash
# Session 28's fourth device call (carry .bundle-main, as in the third):
# issue 17's shapes outside the tuning database (the suite's N, K at M = 3,
# 24, 300, 1500; benchmarks/suites/llm-layers-unseen-m.txt), bf16 nt, with
# the committed databases as they land (h200.jsonl + h100.jsonl merged: on
# this H100 its own entries first, --tuning-device auto), then with the
# H200 database alone (the previous default), same call.
source benchmarks/device-steps.sh .bundle-main
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
$B/gemm-run --merge-tuning-db $O/combined.jsonl benchmarks/tuning/h200.jsonl benchmarks/tuning/h100.jsonl > $O/merge.txt 2>&1
cat $O/merge.txt
g="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt"
step unseen-h100db 150 $B/gemm-run --suite benchmarks/suites/llm-layers-unseen-m.txt $g --tuning-db $O/combined.jsonl --json $O/unseen-h100db.json
step unseen-h200db 150 $B/gemm-run --suite benchmarks/suites/llm-layers-unseen-m.txt $g --tuning-db benchmarks/tuning/h200.jsonl --json $O/unseen-h200db.json
for f in unseen-h100db unseen-h200db; do echo "== $f"; sed -n '/geometric/,/worst/p' $O/$f.txt; done
cat $O/gpu.txt
finish
