#!/usr/bin/env bash
# Session 29's first device call (carry .bundle-main: main 526ca24, lit tools):
#  1. the project check owed for session 28's stream-K register split: four
#     processes sharing the GPU (the forced 128x256 stream-K kernel over
#     several rounds, 2048x3328x4096, twice, beside 8192x5120x5120's twice);
#     on an H200 also two processes and memcheck / racecheck / synccheck
#     (done on the H100 in session 28);
#  2. the plans of an M whose last 128-row tile is mostly padding (the
#     heuristics' 64x256 stream-K kernel ran 75-85 % of cuBLAS at M = 300 on
#     the H100): the tuner over five such M at the suite's N, K recording
#     every candidate, and the ping-pong kernels (not in the tuner's space
#     there) forced by one-entry databases.
#   BUDGET=570 bash benchmarks/results/2026-12-06-padded-m/call1.sh
source benchmarks/device-steps.sh .bundle-main
D=benchmarks/results/2026-12-06-padded-m
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
s="--layout nt --shape 2048x3328x4096 --dtype bf16 --out-dtype bf16 --stages=wgmma --tuning-db test/GPU/Inputs/stream-k-db.jsonl"
w="--layout nt --shape 8192x5120x5120 --dtype bf16 --out-dtype bf16 --stages=wgmma --tuning-db benchmarks/results/2026-12-06-h100-tuning/inputs/stream-k-8192x5120x5120.jsonl"
export B O s w
PER_RUN_TIMEOUT=120 step concurrency-4 130 benchmarks/concurrency-check.sh $B 1 "$s --repeat 3" "$w --repeat 3" "$s --repeat 3" "$w --repeat 3"
if grep -q H200 $O/gpu.txt; then
  step concurrency-2 40 benchmarks/concurrency-check.sh $B 1 "$s --repeat 3" "$w --repeat 3"
  sanitize() {
    TOOLS=memcheck PER_RUN_TIMEOUT=90 benchmarks/sanitize-runs.sh $B $O/san-memcheck "$s" &
    TOOLS=racecheck PER_RUN_TIMEOUT=90 benchmarks/sanitize-runs.sh $B $O/san-racecheck "$s" &
    TOOLS=synccheck PER_RUN_TIMEOUT=90 benchmarks/sanitize-runs.sh $B $O/san-synccheck "$s" &
    wait
  }
  export -f sanitize
  step sanitize 95 bash -c sanitize
fi
common="--suite $D/inputs/padded-m.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt"
for f in pp64x256 pp64x128; do
  step $f 60 gemm-run $common --tuning-db $D/inputs/$f.jsonl --json $O/$f.json
done
step tune 60 gemm-run --tune $common --tune-max 10 --tune-record-all --tuning-db $O/padded.jsonl
cat $O/gpu.txt
tail -n1 $O/concurrency-*.txt
for f in $O/san-*/*.txt; do [ -f "$f" ] && echo "$f: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tr '\n' ' ') ours: $(grep -E 'Race reported|access at|Invalid' $f | grep -c '_kernel') $(tail -n1 $f)"; done
summarize
grep -E "^tune|winner|\[[0-9]+\].*%" $O/tune.txt | head -90
finish
