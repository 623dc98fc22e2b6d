#!/usr/bin/env bash
# Session 27's third device call (carry .bundle-full: the static bundle of
# main aeff892 with results/2026-12-05-epilogue-prefetch/
# next-tile-prefetch.patch applied; .whl: lit 22's package): the GPU lane
# with the next-tile prefetch (the last condition for landing it: run.sh
# measured the gain and its sanitizers), then the masked scores once more
# in bf16 and f16 beside the scale alone.
rm -rf /tmp/bin
source benchmarks/device-steps.sh .bundle-full
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu-prefetch.txt
scores="--batch 32 --layout nt --shape 2048x2048x128 --stages=wgmma --repeat 20"
step gpu-lit-prefetch 150 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
step pf-mask-bf16 20 $B/gemm-run $scores --dtype bf16 --out-dtype bf16 --epilogue alpha=0.125,mask --json $O/pf-mask-bf16.json
step pf-mask-f16 20 $B/gemm-run $scores --dtype f16 --out-dtype f16 --epilogue alpha=0.125,mask --json $O/pf-mask-f16.json
step pf-scale-bf16 20 $B/gemm-run $scores --dtype bf16 --out-dtype bf16 --epilogue alpha=0.125 --json $O/pf-scale-bf16.json
step pf-residual 20 $B/gemm-run --layout nt --shape 8192x8192x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue residual --repeat 20 --json $O/pf-residual.json
summarize
cat $O/gpu-prefetch.txt
tail -n5 $O/gpu-lit-prefetch.txt
grep -h "FAIL" $O/gpu-lit-prefetch.txt | head
finish
