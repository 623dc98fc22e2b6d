#!/usr/bin/env bash
# Session 29's sixth device call (carry .bundle-new: gemm-run of main with swap-AB as the
# heuristics take it, the plain kernel; .bundle-old: gemm-run of main 526ca24): the unseen-M
# suite and the padded-M shapes, the new heuristics against main's, same machine.
#   BUDGET=300 bash benchmarks/results/2026-12-06-padded-m/call6.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-06-padded-m
benchmarks/unpack-bundle.sh .bundle-old /tmp/old > /dev/null 2>&1 || echo "old bundle: unpack failed"
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
common="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt"
step unseen-new 90 gemm-run --suite benchmarks/suites/llm-layers-unseen-m.txt $common --json $O/unseen-new.json
step unseen-old 90 /tmp/old/gemm-run --suite benchmarks/suites/llm-layers-unseen-m.txt $common --json $O/unseen-old.json
step padded-new 30 gemm-run --suite $D/inputs/padded-m.txt $common --json $O/padded-new.json
step padded-old 30 /tmp/old/gemm-run --suite $D/inputs/padded-m.txt $common --json $O/padded-old.json
cat $O/gpu.txt
for f in unseen-new unseen-old padded-new padded-old; do echo "$f: $(grep -E '^  (all|M = )' $O/$f.txt | tr -s ' ' | tr '\n' ';')"; done
summarize
finish
