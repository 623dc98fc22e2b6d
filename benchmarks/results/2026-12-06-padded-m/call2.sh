#!/usr/bin/env bash
# Session 29's second device call (carry .bundle-new: gemm-run of main + the swap-AB wgmma kernel;
# .bundle-old: gemm-run of main 526ca24, before it):
#  1. correctness of swap-AB plans forced by one-entry databases at edge shapes
#     (inputs/swap-edges.jsonl: ragged M and N, M = 1, one consumer warpgroup, f32 C)
#     with a bias, a row scale, a residual and GELU in the epilogue;
#  2. the padded-M shapes (inputs/padded-m.txt) and the unseen-M suite, new heuristics
#     (swap-AB at a mostly padded last 128-row tile) against main's;
#  3. swap-AB forced at M = 200, 512, 1500 (inputs/swap-probe.*) against the heuristics.
#   BUDGET=560 bash benchmarks/results/2026-12-06-padded-m/call2.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-06-padded-m
benchmarks/unpack-bundle.sh .bundle-old /tmp/old > /dev/null 2>&1 || echo "old bundle: unpack failed"
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
E=$D/inputs/swap-edges.jsonl
step edges 60 bash -c "
gemm-run --shape 100x1000x776 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --epilogue bias,row-scale,beta=0.5,gelu --tuning-db $E --repeat 3;
gemm-run --shape 257x4100x1032 --dtype f16 --out-dtype f32 --layout nt --stages=wgmma --epilogue bias,relu --tuning-db $E --repeat 3;
gemm-run --shape 1x4096x4096 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --epilogue bias,silu --tuning-db $E --repeat 3;
gemm-run --shape 130x2048x1024 --dtype bf16 --out-dtype f32 --layout nt --stages=wgmma --epilogue residual,row-scale --tuning-db $E --repeat 3;
gemm-run --shape 300x8192x8192 --dtype f16 --out-dtype f16 --layout nt --stages=wgmma --repeat 3"
common="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt"
step padded-new 50 gemm-run --suite $D/inputs/padded-m.txt $common --json $O/padded-new.json
step padded-old 50 /tmp/old/gemm-run --suite $D/inputs/padded-m.txt $common --json $O/padded-old.json
step unseen-new 120 gemm-run --suite benchmarks/suites/llm-layers-unseen-m.txt $common --json $O/unseen-new.json
step unseen-old 120 /tmp/old/gemm-run --suite benchmarks/suites/llm-layers-unseen-m.txt $common --json $O/unseen-old.json
step probe-swap 90 gemm-run --suite $D/inputs/swap-probe.txt $common --tuning-db $D/inputs/swap-probe.jsonl --json $O/probe-swap.json
step probe-heur 90 gemm-run --suite $D/inputs/swap-probe.txt $common --json $O/probe-heur.json
cat $O/gpu.txt
grep -hE "PASS|FAIL|rror" $O/edges.txt | grep -v "^compiled" | head -20
for f in padded-new padded-old unseen-new unseen-old probe-swap probe-heur; do echo "$f: $(grep -E '^  (all|M = )' $O/$f.txt | tr -s ' ' | tr '\n' ';')"; done
summarize
finish
