#!/usr/bin/env bash
# Session 28's third device call (carry .bundle-main: the static bundle of
# main with the stream-K register fit and the device-keyed tuning lookup,
# lit tools included; .whl: lit 22's package): the GPU lane (test/GPU and
# the AOT reference tests, with the new 128x256 stream-K line over several
# rounds), then the project check of that kernel (2048x3328x4096 forced by
# test/GPU/Inputs/stream-k-db.jsonl: 128x256 tiles, 5 parts over 3 rounds,
# 240 consumer registers): 2 processes sharing the GPU, memcheck, racecheck
# and synccheck.
source benchmarks/device-steps.sh .bundle-main
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu-lane.txt
step gpu-lit 200 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
s="--layout nt --shape 2048x3328x4096 --dtype bf16 --out-dtype bf16 --stages=wgmma --tuning-db test/GPU/Inputs/stream-k-db.jsonl"
w="--layout nt --shape 8192x5120x5120 --dtype bf16 --out-dtype bf16 --stages=wgmma --tuning-db benchmarks/results/2026-12-06-h100-tuning/inputs/stream-k-8192x5120x5120.jsonl"
export B O s w
step concurrency-2 30 benchmarks/concurrency-check.sh $B 1 "$s --repeat 3" "$w --repeat 3"
sanitize() {
  TOOLS=memcheck PER_RUN_TIMEOUT=90 benchmarks/sanitize-runs.sh $B $O/san-memcheck "$s" &
  TOOLS=racecheck PER_RUN_TIMEOUT=90 benchmarks/sanitize-runs.sh $B $O/san-racecheck "$s" &
  TOOLS=synccheck PER_RUN_TIMEOUT=90 benchmarks/sanitize-runs.sh $B $O/san-synccheck "$s" &
  wait
}
export -f sanitize
step sanitize 95 bash -c sanitize
cat $O/gpu-lane.txt
tail -n5 $O/gpu-lit.txt 2>/dev/null
grep -h "FAIL" $O/gpu-lit.txt 2>/dev/null | head
tail -n1 $O/concurrency-*.txt
for f in $O/san-*/*.txt; do echo "$f: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tr '\n' ' ') ours: $(grep -E 'Race reported|access at|Invalid' $f | grep -c '_kernel') $(tail -n1 $f)"; done
finish
