#!/usr/bin/env bash
# Session 25's third device call (static bundle of the working tree: the
# staged epilogue operand with two tiles' boxes where they fit, the next
# tile's loaded during this one), from the repository root (carry .bundle,
# .whl): the masked scores beside the scale alone, the staged forms at
# ragged shapes against cuBLAS with the steps on the host, memcheck and
# racecheck, 2 processes, the GPU lane.
source benchmarks/device-steps.sh .bundle
scores="--batch 32 --layout nt --shape 2048x2048x128 --stages=wgmma --repeat 20"
step mask-scores-bf16 30 $B/gemm-run $scores --dtype bf16 --out-dtype bf16 --epilogue alpha=0.125,mask --json $O/mask-scores-bf16.json
step scale-scores-bf16 30 $B/gemm-run $scores --dtype bf16 --out-dtype bf16 --epilogue alpha=0.125 --json $O/scale-scores-bf16.json
step mask-scores-f16 30 $B/gemm-run $scores --dtype f16 --out-dtype f16 --epilogue alpha=0.125,mask --json $O/mask-scores-f16.json
step residual-8192 30 $B/gemm-run --layout nt --shape 8192x8192x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue residual --repeat 20 --json $O/residual-8192.json
step odd-gelu 30 $B/gemm-run --layout nn --shape 7999x8000x128 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue bias,residual,gelu --repeat 3 --json $O/odd-gelu.json
step beta-silu 30 $B/gemm-run --layout nt --shape 8000x7992x128 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue row-scale,alpha=0.5,beta=0.25,silu --repeat 3 --json $O/beta-silu.json
step mask-relu 30 $B/gemm-run --batch 8 --layout nn --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue bias,mask,relu --repeat 3 --json $O/mask-relu.json
m="--batch 4 --layout nt --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue alpha=0.125,mask"
r="--layout nt --shape 7999x8000x128 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue bias,residual,gelu"
sanitize_all() {
  TOOLS=memcheck PER_RUN_TIMEOUT=100 benchmarks/sanitize-runs.sh $B $O/san-m-memcheck "$m" &
  TOOLS=racecheck PER_RUN_TIMEOUT=100 benchmarks/sanitize-runs.sh $B $O/san-m-racecheck "$m" &
  TOOLS=synccheck PER_RUN_TIMEOUT=100 benchmarks/sanitize-runs.sh $B $O/san-m-synccheck "$m" &
  TOOLS=memcheck PER_RUN_TIMEOUT=100 benchmarks/sanitize-runs.sh $B $O/san-r-memcheck "$r" &
  wait
}
export -f sanitize_all
export B O m r
step sanitize 60 bash -c sanitize_all
step concurrency-2 30 benchmarks/concurrency-check.sh $B 2 "$m --repeat 3" "$r --repeat 3"
step gpu-lit 95 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
cat $O/sanitize.txt 2>/dev/null
tail -n3 $O/concurrency-2.txt $O/gpu-lit.txt 2>/dev/null
finish
