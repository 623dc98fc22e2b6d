#!/usr/bin/env bash
# Session 36, device call 4: the cluster kernels after the descriptor fix (the start address
# keeps the block-local 18 bits of the shared address; a rank bit had spilled into LBO, so
# every MN-major B, layout nn, was wrong in ranks > 0). In order: the GPU lane's cluster
# test (11 forced plans), the Python diagnosis of the same kernels as before the fix, two and
# four processes on nn clusters, memcheck / racecheck / synccheck on nn clusters.
#   BUDGET=300 bash benchmarks/results/2026-12-07-session36/call4.sh
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
cat $O/gpu.txt
grep -E "^(FAIL|UNRESOLVED)|Passed|Failed|Unsupported" $O/gpu-lit.txt | tail -6
grep -E "==|ones|k-tiles" $O/diag.txt | head -24
cat $O/concurrency-*.txt | grep -E "PASS|FAIL|rc=" | head -12
cat $O/sanitize.txt
finish
