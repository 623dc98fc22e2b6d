#!/usr/bin/env bash
# Session 27's project check for the kernel code it changed (carry
# .bundle-main: gemm-run of main f1e1b6e, whose kernel code is HEAD's): the
# staged epilogue operand with the next tile's prefetch (masked scores,
# a ragged residual), the key-padding vectors per sequence (scores), the
# grouped-query attention input (stacked rows): 2 and 4 processes sharing
# the GPU, then memcheck / racecheck / synccheck.
source benchmarks/device-steps.sh .bundle-main
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu-check.txt
m="--batch 4 --layout nt --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue alpha=0.125,mask"
r="--layout nt --shape 7999x8000x128 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue bias,residual,gelu"
k="--batch 8 --layout nt --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue alpha=0.125,bias-group=2"
g="test/Inputs/attention-gqa-bf16-2x8x2x130x67x72.mlir --stages=mma,wgmma"
export B O m r k g
step concurrency-2 25 benchmarks/concurrency-check.sh $B 1 "$m --repeat 3" "$k --repeat 3"
step concurrency-4 30 benchmarks/concurrency-check.sh $B 1 "$m --repeat 3" "$r --repeat 3" "$k --repeat 3" "$g --repeat 3"
sanitize() {
  TOOLS=memcheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-memcheck "$m" "$k" "$g" &
  TOOLS=racecheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-racecheck "$m" "$k" "$g" &
  TOOLS=synccheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-synccheck "$m" "$k" "$g" &
  wait
}
export -f sanitize
step sanitize 70 bash -c sanitize
cat $O/gpu-check.txt
tail -n1 $O/concurrency-*.txt
for f in $O/san-*/*.txt; do echo "$f: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tr '\n' ' ') ours: $(grep -E 'Race reported|access at|Invalid' $f | grep -c '_kernel') $(tail -n1 $f)"; done
finish
