#!/usr/bin/env bash
# Session 37, device call 7: the project check of this session's kernel
# changes on main (2d81fa2 + review mend): the resident cluster grid
# (%nclusterid.x stride, grid capped by the runtime), the heuristics'
# clusters of 2 (128x192 tiles), the erfc form of GELU (erf). Two and four
# processes, then memcheck / racecheck / synccheck on the same runs.
#   BUDGET=200 bash benchmarks/results/2026-12-07-session37/call7.sh
source benchmarks/device-steps.sh .bundle-new
DB=test/GPU/Inputs/cluster-db.jsonl
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
R1="--dtype bf16 --out-dtype bf16 --layout nt --shape 512x5120x5120 --stages=wgmma --repeat 3 --tuning-db="
R2="--dtype f16 --out-dtype f32 --layout nt --shape 1024x4096x4096 --stages=wgmma --repeat 3 --tuning-db $DB"
R3="--dtype bf16 --out-dtype bf16 --layout nn --shape 1024x4096x4096 --stages=wgmma --repeat 3 --tuning-db $DB"
R4="--dtype bf16 --out-dtype bf16 --layout nt --shape 512x6144x4096 --epilogue bias,gelu-erf --stages=wgmma --repeat 3 --tuning-db="
step concurrency-2 25 bash benchmarks/concurrency-check.sh $B 1 "$R1" "$R2"
step concurrency-4 30 bash benchmarks/concurrency-check.sh $B 1 "$R1" "$R2" "$R3" "$R4"
step sanitize 100 env TOOLS="memcheck racecheck synccheck" PER_RUN_TIMEOUT=60 bash benchmarks/sanitize-runs.sh $B $O/sanitize "${R1/--repeat 3 /}" "${R2/--repeat 3 /}" "${R3/--repeat 3 /}" "${R4/--repeat 3 /}"
cat $O/gpu.txt
cat $O/concurrency-*.txt | grep -E "PASS|FAIL|rc=" | head -12
cat $O/sanitize.txt
finish
