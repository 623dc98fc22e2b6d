#!/usr/bin/env bash
# Prepared in session 36 for the next device call (NOT run: this session's device time was
# spent). Carry .bundle-new (the static bundle of main) and .whl. Meant for an H200 (issue 17's
# figures are the H200's; session 36 only had H100s), useful on either. In order, as far as
# BUDGET goes:
#  1. the activation forms' accuracy with the fixed references (session 36's run counted the
#     float64 references' cancellation as mismatches);
#  2. the GPU lane's cluster test on this GPU;
#  3. the suite (bf16 nt) with the committed databases: on an H100 the first figure with the
#     four cluster entries of h100.jsonl, on an H200 the first since session 32;
#  4. the unseen-M suite (bf16);
#  5. the tuner with the cluster variants (alternating with the others now) at the suite's
#     M = 512 shapes, into a fresh database: whether clusters win on this GPU as on the H100.
#   BUDGET=560 bash benchmarks/results/2026-12-07-session36/next-call.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step accuracy 20 python3 benchmarks/prototypes/activation-accuracy.py --json $O/accuracy.json
step gpu-lit 40 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/matmul-wgmma-cluster"
step suite 150 gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite.json
step unseen 100 env UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh $B $O/unseen
step tune-512 150 env BUDGET=200 M_LIST=512 bash benchmarks/run-tune.sh $B $O/tune benchmarks/suites/llm-layers.txt 10
cat $O/gpu.txt
grep -E "ftz|ulp" $O/accuracy.txt | head -24
grep -E "^(FAIL|UNRESOLVED)|Passed|Failed" $O/gpu-lit.txt | tail -4
grep -E "M = |all" $O/suite.txt $O/unseen/*.txt
cat $O/tune-512.txt
finish
