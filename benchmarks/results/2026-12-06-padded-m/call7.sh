#!/usr/bin/env bash
# Session 29's last device call (carry .bundle-main: main with swap-AB and the merged column /
# row bias per head and static batch x dynamic tokens; .whl: lit 22's package), what the
# remaining device time allowed, in this order (calls 5 and 6, call5.sh / call6.sh, never got a
# machine):
#  1. the GPU lane (test/GPU and the AOT reference tests: matmul-wgmma-swap-ab.test,
#     multi-op-batch.test's column / row bias per head, matmul-dynamic.test's [4, ?, K]);
#  2. the unseen-M suite with the new heuristics;
#  3. four processes sharing the GPU: the heuristics' swap-AB kernel at 300x8192x8192 twice, the
#     warp-specialized one forced at 100x1000x776 with an epilogue, the 128x256 stream-K kernel
#     over several rounds;
#  4. the padded-M shapes; 5. memcheck / racecheck / synccheck on both swap-AB kernels.
#   BUDGET=420 bash benchmarks/results/2026-12-06-padded-m/call7.sh
source benchmarks/device-steps.sh .bundle-main
D=benchmarks/results/2026-12-06-padded-m
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
common="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt"
step gpu-lit 200 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
step unseen-new 70 gemm-run --suite benchmarks/suites/llm-layers-unseen-m.txt $common --json $O/unseen-new.json
p="--layout nt --shape 300x8192x8192 --dtype bf16 --out-dtype bf16 --stages=wgmma"
e="--layout nt --shape 100x1000x776 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue bias,row-scale,beta=0.5,gelu --tuning-db test/GPU/Inputs/swap-ab-db.jsonl"
s="--layout nt --shape 2048x3328x4096 --dtype bf16 --out-dtype bf16 --stages=wgmma --tuning-db test/GPU/Inputs/stream-k-db.jsonl"
export B O p e s
PER_RUN_TIMEOUT=60 step concurrency-4 40 benchmarks/concurrency-check.sh $B 1 "$p --repeat 3" "$p --repeat 3" "$e --repeat 3" "$s --repeat 3"
step padded-new 25 gemm-run --suite $D/inputs/padded-m.txt $common --json $O/padded-new.json
sanitize() {
  TOOLS=memcheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-memcheck "$p" "$e" &
  TOOLS=racecheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-racecheck "$p" "$e" &
  TOOLS=synccheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-synccheck "$p" "$e" &
  wait
}
export -f sanitize
step sanitize 70 bash -c sanitize
cat $O/gpu.txt
tail -n5 $O/gpu-lit.txt 2>/dev/null
grep -h "^FAIL\|Failed\|TIMEOUT" $O/gpu-lit.txt 2>/dev/null | head
tail -n5 $O/concurrency-*.txt 2>/dev/null
for f in unseen-new padded-new; do [ -f $O/$f.txt ] && echo "$f: $(grep -E '^  (all|M = )' $O/$f.txt | tr -s ' ' | tr '\n' ';')"; done
for f in $O/san-*/*.txt; do [ -f "$f" ] && echo "$f: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tr '\n' ' ') ours: $(grep -E 'Race reported|access at|Invalid' $f | grep -c '_kernel') $(tail -n1 $f)"; done
summarize
finish
