#!/usr/bin/env bash
# Session 29's third device call (carry .bundle-new, as call 2): the swap-AB kernel's columns of M
# (block-n) at 300x8192x8192, 300x5120x13824 and 288x8192x8192, forced by one-entry databases
# (inputs/sweep-*.jsonl), each a fresh process interleaved against cuBLAS.
#   BUDGET=200 bash benchmarks/results/2026-12-06-padded-m/call3.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-06-padded-m
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step 300x8192x8192-n152 15 gemm-run --shape 300x8192x8192 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db $D/inputs/sweep-300x8192x8192-n152.jsonl --json $O/300x8192x8192-n152.json
step 300x8192x8192-n160 15 gemm-run --shape 300x8192x8192 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db $D/inputs/sweep-300x8192x8192-n160.jsonl --json $O/300x8192x8192-n160.json
step 300x8192x8192-n176 15 gemm-run --shape 300x8192x8192 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db $D/inputs/sweep-300x8192x8192-n176.jsonl --json $O/300x8192x8192-n176.json
step 300x8192x8192-n192 15 gemm-run --shape 300x8192x8192 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db $D/inputs/sweep-300x8192x8192-n192.jsonl --json $O/300x8192x8192-n192.json
step 300x5120x13824-n104 15 gemm-run --shape 300x5120x13824 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db $D/inputs/sweep-300x5120x13824-n104.jsonl --json $O/300x5120x13824-n104.json
step 300x5120x13824-n112 15 gemm-run --shape 300x5120x13824 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db $D/inputs/sweep-300x5120x13824-n112.jsonl --json $O/300x5120x13824-n112.json
step 300x5120x13824-n128 15 gemm-run --shape 300x5120x13824 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db $D/inputs/sweep-300x5120x13824-n128.jsonl --json $O/300x5120x13824-n128.json
step 300x5120x13824-n152 15 gemm-run --shape 300x5120x13824 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db $D/inputs/sweep-300x5120x13824-n152.jsonl --json $O/300x5120x13824-n152.json
step 288x8192x8192-n144 15 gemm-run --shape 288x8192x8192 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db $D/inputs/sweep-288x8192x8192-n144.jsonl --json $O/288x8192x8192-n144.json
step 288x8192x8192-n152 15 gemm-run --shape 288x8192x8192 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db $D/inputs/sweep-288x8192x8192-n152.jsonl --json $O/288x8192x8192-n152.json
cat $O/gpu.txt
summarize
finish
