#!/usr/bin/env bash
# Session 29's project check after the review mend (carry .bundle-main: main 5cca24e): two and
# four processes sharing the GPU (the heuristics' swap-AB kernel at 300x8192x8192, the
# warp-specialized swap-AB kernel forced at 100x1000x776 with an epilogue, the 128x256 stream-K
# kernel over several rounds), then memcheck / racecheck / synccheck on both swap-AB kernels.
#   BUDGET=170 bash benchmarks/results/2026-12-06-padded-m/call9.sh
source benchmarks/device-steps.sh .bundle-main
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
p="--layout nt --shape 300x8192x8192 --dtype bf16 --out-dtype bf16 --stages=wgmma"
e="--layout nt --shape 100x1000x776 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue bias,row-scale,beta=0.5,gelu --tuning-db test/GPU/Inputs/swap-ab-db.jsonl"
s="--layout nt --shape 2048x3328x4096 --dtype bf16 --out-dtype bf16 --stages=wgmma --tuning-db test/GPU/Inputs/stream-k-db.jsonl"
export B O p e s
PER_RUN_TIMEOUT=60 step concurrency-2 20 benchmarks/concurrency-check.sh $B 1 "$p --repeat 3" "$e --repeat 3"
PER_RUN_TIMEOUT=60 step concurrency-4 30 benchmarks/concurrency-check.sh $B 1 "$p --repeat 3" "$p --repeat 3" "$e --repeat 3" "$s --repeat 3"
sanitize() {
  TOOLS=memcheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-memcheck "$p" "$e" &
  TOOLS=racecheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-racecheck "$p" "$e" &
  TOOLS=synccheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-synccheck "$p" "$e" &
  wait
}
export -f sanitize
step sanitize 60 bash -c sanitize
cat $O/gpu.txt
tail -n1 $O/concurrency-*.txt
for f in $O/san-*/*.txt; do [ -f "$f" ] && echo "$f: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tr '\n' ' ') ours: $(grep -E 'Race reported|access at|Invalid' $f | grep -c '_kernel') $(tail -n1 $f)"; done
finish
