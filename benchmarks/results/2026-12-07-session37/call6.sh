#!/usr/bin/env bash
# Session 37, device call 6 (the same warm machine; one command line): the
# bias + GELU epilogue's cost at 512x6144x4096 (now in clusters of 2 along
# M) and 4096^3, and the suite with the committed databases.
source benchmarks/device-steps.sh .bundle-new; BUDGET=300; for s in 512x6144x4096 4096x4096x4096; do step plain-$s 20 gemm-run --shape $s --dtype bf16 --out-dtype bf16 --layout nt --stages wgmma --repeat 20 --json $O/plain-$s.json; step gelu-$s 20 gemm-run --shape $s --dtype bf16 --out-dtype bf16 --layout nt --stages wgmma --repeat 20 --epilogue bias,gelu --json $O/gelu-$s.json; done; step suite 150 gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite.json; nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt; summarize | grep -v suite; grep -E "M = |all" $O/suite.txt; finish
