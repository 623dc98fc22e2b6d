#!/usr/bin/env bash
# Session 25's device call (static bundle of the working tree with the
# wgmma TMA-store epilogue loading its operands ahead of their stores), from
# the repository root (carry .bundle, .whl):
# 1. the mask epilogue at attention's 32 x 2048 x 2048 x 128 (bf16 and
#    f16) beside the scale alone, and a residual at 4096^3 beside the plain
#    kernel, each interleaved against cuBLAS (session 25's first call, before
#    the change: mask 51.3 % against 96.8 % for the scale alone on an H100);
# 2. benchmarks/run-epilogue.sh (bias + GELU / ReLU at 4096^3 and
#    512 x 6144 x 4096 against cuBLAS and cuBLASLt's fused epilogues);
# 3. compute-sanitizer memcheck and racecheck, and 2 processes sharing the
#    GPU, on the kernels that prefetch (the mask over every entry's tiles,
#    the residual at 128x256, four operands with GELU);
# 4. the GPU lane (every epilogue form on every stage against cuBLAS).
source benchmarks/device-steps.sh .bundle
scores="--batch 32 --layout nt --shape 2048x2048x128 --stages=wgmma --repeat 20"
step mask-scores-bf16 30 $B/gemm-run $scores --dtype bf16 --out-dtype bf16 --epilogue alpha=0.125,mask --json $O/mask-scores-bf16.json
step scale-scores-bf16 30 $B/gemm-run $scores --dtype bf16 --out-dtype bf16 --epilogue alpha=0.125 --json $O/scale-scores-bf16.json
step mask-scores-f16 30 $B/gemm-run $scores --dtype f16 --out-dtype f16 --epilogue alpha=0.125,mask --json $O/mask-scores-f16.json
step scale-scores-f16 30 $B/gemm-run $scores --dtype f16 --out-dtype f16 --epilogue alpha=0.125 --json $O/scale-scores-f16.json
step residual-4096 30 $B/gemm-run --shape 4096x4096x4096 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --epilogue residual --repeat 20 --json $O/residual-4096.json
step plain-4096 30 $B/gemm-run --shape 4096x4096x4096 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 20 --json $O/plain-4096.json
step epilogue 90 benchmarks/run-epilogue.sh $B $O/epilogue
m="--batch 4 --layout nt --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue alpha=0.125,mask"
r="--shape 3000x2048x1024 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue residual"
g="--shape 3000x2040x1000 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --epilogue bias,row-scale,residual,gelu"
sanitize_all() {
  local k=0 args tool
  for args in "$m" "$r" "$g"; do
    k=$((k + 1))
    for tool in memcheck racecheck; do
      TOOLS=$tool PER_RUN_TIMEOUT=200 benchmarks/sanitize-runs.sh $B $O/san-$k-$tool "$args" &
    done
  done
  wait
}
export -f sanitize_all
export B O m r g
step sanitize 120 bash -c sanitize_all
step concurrency-2 60 benchmarks/concurrency-check.sh $B 3 "$m --repeat 3" "$g --repeat 3"
step gpu-lit 100 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
cat $O/epilogue/summary.txt $O/sanitize.txt 2>/dev/null
tail -n3 $O/concurrency-2.txt $O/gpu-lit.txt 2>/dev/null
finish
