#!/usr/bin/env bash
# Session 37, device call 4 (main with the co-resident cluster grid and the
# heuristics' clusters, the erfc form of GELU): the GPU lane's cluster,
# epilogue and swap-AB tests; 8192^3 in clusters of
# 1, 2 and 4 (whether clusters of 4 now run as fast as the others); the two
# cluster families of ClusterHeuristics.cpp as forced plans with and
# without their cluster (inputs/*.jsonl, twice in turn) beside the
# heuristics' plans (now clustered there); the unseen-M suite with the
# heuristics; two processes and memcheck on the heuristics' cluster plans;
# the activation forms' accuracy with the new erfc form of GELU (erf).
#   BUDGET=480 bash benchmarks/results/2026-12-07-session37/call4.sh
source benchmarks/device-steps.sh .bundle-new
I=benchmarks/results/2026-12-07-session37/inputs
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step gpu-lit 60 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/(matmul-wgmma-cluster|matmul-epilogue|matmul-wgmma-swap-ab)"
for c in 1 2 4; do
  step cm$c-8192 25 gemm-run --shape 8192x8192x8192 --dtype bf16 --out-dtype bf16 --layout nt --stages wgmma --repeat 20 --tuning-db $I/cm$c-8192.jsonl --json $O/cm$c-8192.json
done
run() { # NAME SUITE DB
  step $1 40 gemm-run --suite $2 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db="$3" --json $O/$1.json
}
run m300-heur $I/m300.txt ''
run mid-heur $I/mid192.txt ''
for r in 1 2; do
  run m300-swap-$r $I/m300.txt $I/swap152-m300.jsonl
  run m300-swap-cn2-$r $I/m300.txt $I/swap152-cn2-m300.jsonl
  run mid-t192-$r $I/mid192.txt $I/t192-mid.jsonl
  run mid-t192-cm2-$r $I/mid192.txt $I/t192-cm2-mid.jsonl
done
H1="--dtype bf16 --out-dtype bf16 --layout nt --shape 300x8192x8192 --stages=wgmma --repeat 3 --tuning-db="
H2="--dtype bf16 --out-dtype bf16 --layout nt --shape 512x5120x5120 --stages=wgmma --repeat 3 --tuning-db="
step concurrency-2 25 bash benchmarks/concurrency-check.sh $B 1 "$H1" "$H2"
step sanitize 60 env TOOLS="memcheck" PER_RUN_TIMEOUT=60 bash benchmarks/sanitize-runs.sh $B $O/sanitize "$H1" "$H2" \
  "--dtype bf16 --out-dtype bf16 --layout nt --shape 1024x4096x4096 --stages=wgmma --tuning-db test/GPU/Inputs/cluster-db.jsonl"
step accuracy 20 python3 benchmarks/prototypes/activation-accuracy.py --json $O/accuracy.json
step unseen 100 env UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh $B $O/unseen
cat $O/gpu.txt
grep -E "^(FAIL|UNRESOLVED)|Passed|Failed" $O/gpu-lit.txt | tail -4
summarize
grep -H "all " $O/*.txt $O/unseen/*.txt
grep -E "M = " $O/unseen/*.txt
cat $O/concurrency-2.txt | grep -E "PASS|FAIL|rc=" | head -4
cat $O/sanitize.txt
grep -E "gelu_erf|ftz folded" $O/accuracy.txt
finish
