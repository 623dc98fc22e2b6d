#!/usr/bin/env bash
# Session 37, device call 1: session 36's owed project check of the cluster
# kernels' descriptor fix (its call4.sh: the GPU lane's cluster test, the
# Python diagnosis, two and four processes on layout-nn clusters,
# memcheck / racecheck / synccheck), then its prepared next call without
# the tuner (the activation forms' accuracy with the fixed references, the
# suite and the unseen-M suite with the committed databases).
#   BUDGET=585 bash benchmarks/results/2026-12-07-session37/call1.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-07-session36
DB=test/GPU/Inputs/cluster-db.jsonl
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step gpu-lit 40 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/matmul-wgmma-cluster"
step diag 30 env GEMM_OPT_RUNTIME_LIB=$B/libgemm_opt_runtime.so python3 $D/diag-cluster.py
N1="--dtype f16 --out-dtype f16 --layout nn --shape 1024x2048x1024 --stages=wgmma --repeat 3 --tuning-db $DB"
N2="--dtype f16 --out-dtype f32 --layout nn --shape 1000x2000x1024 --stages=wgmma --repeat 3 --tuning-db $DB"
N3="--dtype bf16 --out-dtype bf16 --layout nn --shape 1024x4096x4096 --stages=wgmma --repeat 3 --tuning-db $DB"
N4="--dtype f16 --out-dtype f32 --layout nt --shape 1024x4096x4096 --stages=wgmma --repeat 3 --tuning-db $DB"
step concurrency-2 25 bash benchmarks/concurrency-check.sh $B 1 "$N1" "$N2"
step concurrency-4 30 bash benchmarks/concurrency-check.sh $B 1 "$N1" "$N2" "$N3" "$N4"
step sanitize 80 env TOOLS="memcheck racecheck synccheck" PER_RUN_TIMEOUT=60 bash benchmarks/sanitize-runs.sh $B $O/sanitize \
  "--dtype f16 --out-dtype f16 --layout nn --shape 1024x2048x1024 --stages=wgmma --tuning-db $DB" \
  "--dtype f16 --out-dtype f32 --layout nn --shape 1000x2000x1024 --stages=wgmma --tuning-db $DB" \
  "--dtype bf16 --out-dtype bf16 --layout nn --shape 1024x4096x4096 --stages=wgmma --tuning-db $DB"
step accuracy 20 python3 benchmarks/prototypes/activation-accuracy.py --json $O/accuracy.json
step suite 150 gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite.json
step unseen 100 env UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh $B $O/unseen
cat $O/gpu.txt
grep -E "^(FAIL|UNRESOLVED)|Passed|Failed|Unsupported" $O/gpu-lit.txt | tail -6
grep -E "==|ones|k-tiles" $O/diag.txt | head -12
cat $O/concurrency-*.txt | grep -E "PASS|FAIL|rc=" | head -12
cat $O/sanitize.txt
grep -E "ftz|ulp" $O/accuracy.txt | head -24
grep -E "M = |all|worst" $O/suite.txt $O/unseen/*.txt
finish
