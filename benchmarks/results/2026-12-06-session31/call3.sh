#!/usr/bin/env bash
# Session 31's third device call (carry .bundle-new: main with functions of several ops over one
# dynamic token count merged + this script, .whl): the whole GPU lane; 40 random matmul problems
# (benchmarks/random-problems.py, seed 31: shapes, layouts, dtypes, batches, fused epilogues)
# checked at the mma and wgmma stages; the Llama-2-7B MLP block with a dynamic token count at
# M = 1, 37, 300, 2048; attention's Q K^T (32 heads x 2048 x 2048 x 128 bf16); the LLM-layer
# suite (bf16, nt, C in bf16) if time is left; grouped-query P V transposed (b_group with a C of
# heads) with TMA stores forced (inputs/gqa-heads-tma-db.jsonl).
#   BUDGET=560 bash benchmarks/results/2026-12-06-session31/call3.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-06-session31
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step gpu-lit 250 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
step gqa-heads-tma 20 gemm-run test/Inputs/attention-gqa-output-bf16-2x8x2x130x40x72.mlir --stages=wgmma --repeat 3 --tuning-db $D/inputs/gqa-heads-tma-db.jsonl --json $O/gqa-heads-tma.json
step random 90 python3 benchmarks/random-problems.py --seed 31 --count 40 --stages mma,wgmma --gemm-run $B/gemm-run --timeout 60 --json $O/random.json
step mlp-dyn 30 gemm-run $D/inputs/mlp-swiglu-dynamic-bf16-11008x4096.mlir --sizes 1,37,300,2048 --stages wgmma --repeat 10 --json $O/mlp-dyn.json
step attn-qk 15 gemm-run --shape 2048x2048x128 --batch 32 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --json $O/attn-qk.json
step suite 120 gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite.json
cat $O/gpu.txt
tail -n6 $O/gpu-lit.txt 2>/dev/null
grep -h "^FAIL\|TIMEOUT" $O/gpu-lit.txt 2>/dev/null | head -30
grep -h "summary" $O/random.txt
grep -hE "FAIL|CRASH|RUN-ERROR|TIMEOUT|REJECTED" $O/random.txt | head
grep -E "PASS|FAIL" $O/mlp-dyn.txt | head -20
[ -f $O/suite.txt ] && echo "suite: $(grep -E '^  (all|M = )' $O/suite.txt | tr -s ' ' | tr '\n' ';')"
summarize
finish
