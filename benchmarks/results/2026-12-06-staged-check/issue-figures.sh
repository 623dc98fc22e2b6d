#!/usr/bin/env bash
# Session 27's fourth device call (carry .bundle-full: main aeff892 with the
# next-tile prefetch, as it lands): issue 16's figures on the card lent
# (batched Q K^T and P V against cublasGemmStridedBatchedEx, bias + GELU +
# bf16 fused against the same kernel without the epilogue and cuBLASLt's
# GELU_BIAS), then issue 17's LLM-layer suite (bf16, nt) as far as the
# budget goes.
source benchmarks/device-steps.sh .bundle-full
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu-figures.txt
b="--stages=wgmma --dtype bf16 --out-dtype bf16 --repeat 20"
step qkt 15 $B/gemm-run $b --batch 32 --layout nt --shape 2048x2048x128 --json $O/qkt.json
step pv 15 $B/gemm-run $b --batch 32 --shape 2048x128x2048 --json $O/pv.json
step gelu-4096 20 $B/gemm-run $b --layout nt --shape 4096x4096x4096 --epilogue bias,gelu --json $O/gelu-4096.json
step plain-4096 20 $B/gemm-run $b --layout nt --shape 4096x4096x4096 --json $O/plain-4096.json
step gelu-512 15 $B/gemm-run $b --layout nt --shape 512x6144x4096 --epilogue bias,gelu --json $O/gelu-512.json
step plain-512 15 $B/gemm-run $b --layout nt --shape 512x6144x4096 --json $O/plain-512.json
step suite-bf16 160 $B/gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite-bf16-nt.json
summarize
cat $O/gpu-figures.txt
grep -h "geomean\|all " $O/suite-bf16.txt 2>/dev/null | tail -12
finish
