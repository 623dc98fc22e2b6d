#!/usr/bin/env bash
# Session 32's second device call (carry .bundle-new: main 2fb1491's static bundle, gemm-opt left
# out): on the H200 the first call got, the LLM-layer suite (bf16, nt, C in bf16) and the
# unseen-M suite with the committed tuning databases, then the GPU lane's dynamic tests with a lit
# of LLVM 22's line (pip's newest refuses the lane's external shell).
#   BUDGET=560 bash benchmarks/results/2026-12-06-session32/call2.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step suite 200 gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite.json
step unseen 150 gemm-run --suite benchmarks/suites/llm-layers-unseen-m.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/unseen.json
step gpu-lit-dyn 60 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter 'multi-op-dynamic|matmul-dynamic|softmax-dynamic'
cat $O/gpu.txt
[ -f $O/suite.txt ] && echo "suite: $(grep -E '^  (all|M = )' $O/suite.txt | tr -s ' ' | tr '\n' ';')"
[ -f $O/unseen.txt ] && echo "unseen: $(grep -E '^  (all|M = )' $O/unseen.txt | tr -s ' ' | tr '\n' ';')"
tail -n6 $O/gpu-lit-dyn.txt 2>/dev/null
finish
