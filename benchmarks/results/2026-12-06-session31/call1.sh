#!/usr/bin/env bash
# Session 31's first device call (carry .bundle-new: main b4f025a..fd57c20 + this script, .whl):
# the GPU lane's attention-output, batched and swap-AB tests (TMA stores of a C of heads
# through a 4-D tensor map; swap-AB's residual / row scale read at immediate offsets);
# attention's output transposed (32 heads x 2048 x 128 x 2048 bf16) with TMA stores (the
# heuristics) and with register stores (inputs/attn-out-regstore.jsonl) against the same P V
# untransposed; the swap-AB kernel with a row scale and a residual (bf16, and f32 residual);
# two and four processes and memcheck / racecheck / synccheck on attention's output kernels.
#   BUDGET=430 bash benchmarks/results/2026-12-06-session31/call1.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-06-session31
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step gpu-lit 120 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter 'attention|swap-ab|batch'
step attn-out 15 gemm-run $D/inputs/attention-output-bf16-1x32x2048x128x2048.mlir --stages=wgmma --json $O/attn-out.json
step attn-out-reg 15 gemm-run $D/inputs/attention-output-bf16-1x32x2048x128x2048.mlir --stages=wgmma --tuning-db $D/inputs/attn-out-regstore.jsonl --json $O/attn-out-reg.json
step attn-pv 15 gemm-run --shape 2048x128x2048 --batch 32 --dtype bf16 --out-dtype bf16 --stages=wgmma --json $O/attn-pv.json
step swap-res 15 gemm-run --layout nt --shape 300x8192x8192 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue row-scale,residual --json $O/swap-res.json
step swap-res-f32 15 gemm-run $D/inputs/swap-ab-rowscale-residual-f32-300x8192x8192.mlir --stages=wgmma --json $O/swap-res-f32.json
t="$D/inputs/attention-output-bf16-1x32x2048x128x2048.mlir --stages=wgmma --repeat 3"
h="test/Inputs/attention-output-bias-bf16-2x3x100x40x72.mlir --stages=wgmma --repeat 3 --tuning-db test/Inputs/heads-tma-db.jsonl"
k="test/Inputs/attention-block-transpose-bf16-2x3x100x72x40.mlir --stages=mma,wgmma --repeat 3"
r="test/Inputs/attention-output-f16-2x3x100x40x77.mlir --stages=warptile,mma --repeat 3"
export B O t h k r
PER_RUN_TIMEOUT=60 step concurrency-2 20 benchmarks/concurrency-check.sh $B 1 "$t" "$h"
PER_RUN_TIMEOUT=60 step concurrency-4 30 benchmarks/concurrency-check.sh $B 1 "$t" "$h" "$k" "$r"
sanitize() {
  TOOLS=memcheck PER_RUN_TIMEOUT=80 benchmarks/sanitize-runs.sh $B $O/san-memcheck "$h" "$k" "$r" &
  TOOLS=racecheck PER_RUN_TIMEOUT=80 benchmarks/sanitize-runs.sh $B $O/san-racecheck "$h" "$r" &
  TOOLS=synccheck PER_RUN_TIMEOUT=80 benchmarks/sanitize-runs.sh $B $O/san-synccheck "$h" "$k" "$r" &
  wait
}
export -f sanitize
step sanitize 90 bash -c sanitize
cat $O/gpu.txt
tail -n5 $O/gpu-lit.txt 2>/dev/null
grep -h "^FAIL\|Failed\|TIMEOUT" $O/gpu-lit.txt 2>/dev/null | head
tail -n1 $O/concurrency-*.txt 2>/dev/null
for f in $O/san-*/*.txt; do [ -f "$f" ] && echo "$f: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tr '\n' ' ') ours: $(grep -E 'Race reported|access at|Invalid' $f | grep -c '_kernel') $(tail -n1 $f)"; done
summarize
finish
