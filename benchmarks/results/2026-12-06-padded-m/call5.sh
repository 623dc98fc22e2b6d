#!/usr/bin/env bash
# Session 29's fifth device call (carry .bundle-main: main with swap-AB and the merged
# column bias per head / static batch x dynamic tokens; .whl: lit 22's package):
#  1. the GPU lane (test/GPU and the AOT reference tests: matmul-wgmma-swap-ab.test,
#     multi-op-batch.test's column / row bias per head, matmul-dynamic.test's [4, ?, K]);
#  2. the project check of the new kernel: four processes sharing the GPU (the heuristics'
#     swap-AB kernel at 300x8192x8192 twice, the warp-specialized one forced at
#     100x1000x776 with an epilogue, the 128x256 stream-K kernel over several rounds), then
#     memcheck / racecheck / synccheck on both swap-AB kernels.
#   BUDGET=560 bash benchmarks/results/2026-12-06-padded-m/call5.sh
source benchmarks/device-steps.sh .bundle-main
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step gpu-lit 240 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
p="--layout nt --shape 300x8192x8192 --dtype bf16 --out-dtype bf16 --stages=wgmma"
e="--layout nt --shape 100x1000x776 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue bias,row-scale,beta=0.5,gelu --tuning-db test/GPU/Inputs/swap-ab-db.jsonl"
s="--layout nt --shape 2048x3328x4096 --dtype bf16 --out-dtype bf16 --stages=wgmma --tuning-db test/GPU/Inputs/stream-k-db.jsonl"
export B O p e s
PER_RUN_TIMEOUT=120 step concurrency-4 100 benchmarks/concurrency-check.sh $B 1 "$p --repeat 3" "$p --repeat 3" "$e --repeat 3" "$s --repeat 3"
sanitize() {
  TOOLS=memcheck PER_RUN_TIMEOUT=90 benchmarks/sanitize-runs.sh $B $O/san-memcheck "$p" "$e" &
  TOOLS=racecheck PER_RUN_TIMEOUT=90 benchmarks/sanitize-runs.sh $B $O/san-racecheck "$p" "$e" &
  TOOLS=synccheck PER_RUN_TIMEOUT=90 benchmarks/sanitize-runs.sh $B $O/san-synccheck "$p" "$e" &
  wait
}
export -f sanitize
step sanitize 100 bash -c sanitize
cat $O/gpu.txt
tail -n5 $O/gpu-lit.txt 2>/dev/null
grep -h "FAIL" $O/gpu-lit.txt 2>/dev/null | head
tail -n5 $O/concurrency-*.txt
for f in $O/san-*/*.txt; do [ -f "$f" ] && echo "$f: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tr '\n' ' ') ours: $(grep -E 'Race reported|access at|Invalid' $f | grep -c '_kernel') $(tail -n1 $f)"; done
finish
