#!/usr/bin/env bash
# Session 30's second device call (carry .bundle-new: main 3afa93a + this call's script, .whl):
# the whole GPU lane (the swap-AB kernel of the final heuristics, attention's output
# transpose(1, 2), functions returning aliased results), the unseen-M suite and the padded
# shapes with the final heuristics, attention's output transposed against the same P V
# unbatched-layout (cuBLAS strided batched both), memcheck on the new store paths.
#   BUDGET=420 bash benchmarks/results/2026-12-06-ws-swap-ab/call2.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-06-ws-swap-ab
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
common="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt"
step gpu-lit 240 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
step unseen 50 gemm-run --suite benchmarks/suites/llm-layers-unseen-m.txt $common --json $O/unseen.json
step padded 20 gemm-run --suite $D/inputs/padded.txt $common --json $O/padded.json
step attn-out 15 gemm-run $D/inputs/attention-output-bf16-1x32x2048x128x2048.mlir --stages=mma,wgmma --json $O/attn-out.json
step attn-pv 15 gemm-run --shape 2048x128x2048 --batch 32 --dtype bf16 --out-dtype bf16 --stages=mma,wgmma --json $O/attn-pv.json
memcheck() {
  TOOLS=memcheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-memcheck \
    "test/Inputs/attention-output-bias-bf16-2x3x100x40x72.mlir --stages=warptile,mma,wgmma" \
    "test/Inputs/attention-output-f16-2x3x100x40x77.mlir --stages=naive,mma" \
    "test/Inputs/aliased-results-f16.mlir --stages=mma,wgmma"
}
export -f memcheck
export B O
step memcheck 40 bash -c memcheck
cat $O/gpu.txt
tail -n6 $O/gpu-lit.txt 2>/dev/null
grep -h "^FAIL\|TIMEOUT" $O/gpu-lit.txt 2>/dev/null | head
for f in unseen padded; do [ -f $O/$f.txt ] && echo "$f: $(grep -E '^  (all|M = )' $O/$f.txt | tr -s ' ' | tr '\n' ';')"; done
for f in $O/san-*/*.txt; do [ -f "$f" ] && echo "$f: $(grep -hE 'ERROR SUMMARY' $f | tr '\n' ' ') $(tail -n1 $f)"; done
summarize
finish
