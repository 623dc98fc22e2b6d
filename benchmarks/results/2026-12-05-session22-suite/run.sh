#!/usr/bin/env bash
# Session 22's second device call, from the repository root on the H200
# (carry .bundle: the static bundle of this tree, with the re-tuned decode
# entries of benchmarks/tuning/h200.jsonl, reg1d's cap and
# gemm-fold-result-transposes; .sweep/stream_pattern:
# benchmarks/prototypes/stream-pattern built with
# nvcc -std=c++20 -O3 -arch=sm_90a):
# 1. the transposed matmul results (also through a fused bias and ReLU)
#    against cuBLAS on four stages, as
#    GPU/matmul-frontend-forms.test runs them;
# 2. the public suite in bf16 (nt) with the Triton peer in the same call;
# 3. how the swap-AB kernel's load pattern streams B against others.
source benchmarks/device-steps.sh .bundle
for f in result-transpose-bf16-1000x999x777 batch-result-transpose-f16-3x130x67x259 linear-bias-relu-transposed-bf16-1000x999x777 batch-matmul-4d-transposed-f16-2x3x130x67x259; do
  step $f 30 $B/gemm-run test/Inputs/$f.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json $O/$f.json
done
step suite-bf16-nt 160 $B/gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite-bf16-nt.json
step triton-nt 110 python3 benchmarks/triton-peer.py --suite benchmarks/suites/llm-layers.txt --layout nt --json $O/triton-nt.json
step table-nt 5 python3 benchmarks/suite-table.py now=$O/suite-bf16-nt.json --peer $O/triton-nt.json --ahead-of
step stream-pattern 30 .sweep/stream_pattern
cat $O/table-nt.txt $O/stream-pattern.txt
finish
