#!/usr/bin/env bash
# Session 31's fourth device call (carry .bundle-new: main 9f14dde, both helpers merged): the
# project check of the kernel code this session touched — two and four processes sharing the
# GPU, and memcheck / racecheck / synccheck — on grouped-query attention (b_group: causal mask;
# P V transposed with TMA stores forced), the swap-AB kernel's operands read along M (a residual
# and a row scale, ragged M and N, the forced warp-specialized plan), and a dynamic token count
# over several ops.
#   BUDGET=300 bash benchmarks/results/2026-12-06-session31/call4.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-06-session31
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
g="test/Inputs/attention-gqa-causal-bf16-2x8x2x130x67x72.mlir --stages=mma,wgmma --repeat 3"
h="test/Inputs/attention-gqa-output-bf16-2x8x2x130x40x72.mlir --stages=wgmma --repeat 3 --tuning-db $D/inputs/gqa-heads-tma-db.jsonl"
s="--layout nt --shape 100x1000x776 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue row-scale,residual,gelu --tuning-db test/GPU/Inputs/swap-ab-db.jsonl --repeat 3"
m="test/Inputs/mlp-swiglu-dynamic-bf16-999x777.mlir --sizes 1,37,300 --stages=mma,wgmma --repeat 3"
export B O g h s m
PER_RUN_TIMEOUT=90 step concurrency-2 30 benchmarks/concurrency-check.sh $B 1 "$g" "$h"
PER_RUN_TIMEOUT=90 step concurrency-4 40 benchmarks/concurrency-check.sh $B 1 "$g" "$h" "$s" "$m"
sanitize() {
  TOOLS=memcheck PER_RUN_TIMEOUT=120 benchmarks/sanitize-runs.sh $B $O/san-memcheck "$g" "$h" "$s" "$m" &
  TOOLS=racecheck PER_RUN_TIMEOUT=120 benchmarks/sanitize-runs.sh $B $O/san-racecheck "$h" "$s" &
  TOOLS=synccheck PER_RUN_TIMEOUT=120 benchmarks/sanitize-runs.sh $B $O/san-synccheck "$g" "$h" "$s" &
  wait
}
export -f sanitize
step sanitize 130 bash -c sanitize
cat $O/gpu.txt
tail -n1 $O/concurrency-*.txt 2>/dev/null
for f in $O/san-*/*.txt; do [ -f "$f" ] && echo "$f: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tr '\n' ' ') ours: $(grep -E 'Race reported|access at|Invalid' $f | grep -c '_kernel') $(tail -n1 $f)"; done
finish
