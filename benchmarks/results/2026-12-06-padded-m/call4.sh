#!/usr/bin/env bash
# Session 29's fourth device call (carry .bundle-new: main + swap-AB with its register-lean
# transposed store): the plain (not warp-specialized) swap-AB kernel, whose PTX ptxas does not
# serialize (the warp-specialized one's it did, C7514, wherever M was ragged in the last tile or
# took 3 tiles), with 4 and 6 ring slots, against the heuristics of main 526ca24 (.bundle-old).
#   BUDGET=200 bash benchmarks/results/2026-12-06-padded-m/call4.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-06-padded-m
benchmarks/unpack-bundle.sh .bundle-old /tmp/old > /dev/null 2>&1 || echo "old bundle: unpack failed"
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
common="--suite $D/inputs/plain.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt"
step plain-s4 40 gemm-run $common --tuning-db $D/inputs/plain-s4.jsonl --json $O/plain-s4.json
step plain-s6 40 gemm-run $common --tuning-db $D/inputs/plain-s6.jsonl --json $O/plain-s6.json
step old 40 /tmp/old/gemm-run $common --json $O/old.json
cat $O/gpu.txt
for f in plain-s4 plain-s6 old; do echo "$f: $(grep -E '^  all' $O/$f.txt)"; done
summarize
finish
