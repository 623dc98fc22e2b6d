#!/usr/bin/env bash
# Session 27's fifth device call (carry .bundle-main: gemm-run and
# libgemm_opt_runtime.so of main f1e1b6e): grouped-query attention with K
# and V repeated as torch-mlir writes repeat_kv (unsqueezed, the unit
# dimension read at 0), on four stages against cuBLAS and the host.
source benchmarks/device-steps.sh .bundle-main
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu-unsqueezed.txt
step gqa-unsqueezed 20 $B/gemm-run benchmarks/results/2026-12-06-staged-check/gqa-unsqueezed-bf16-2x8x2x130x67x72.mlir --stages=naive,warptile,mma,wgmma --repeat 3
cat $O/gpu-unsqueezed.txt
grep -h "PASS\|FAIL" $O/gqa-unsqueezed.txt | head -20
finish
