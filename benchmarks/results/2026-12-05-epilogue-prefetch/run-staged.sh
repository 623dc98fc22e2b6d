#!/usr/bin/env bash
# Session 25's second device call (static bundle of the working tree with
# the wgmma kernel's M x N epilogue operand staged by TMA, WgmmaEpilogue-
# Operand.cpp), from the repository root (carry .bundle, .whl, .sweep):
# 1. the mask epilogue at attention's 32 x 2048 x 2048 x 128 (bf16, f16)
#    beside the scale alone, interleaved against cuBLAS;
# 2. staged kernels at other shapes and forms against cuBLAS with the steps
#    on the host (ragged M and N, nn and nt, a residual with bias and GELU,
#    beta * C with a row scale and SiLU, a mask between a bias and ReLU);
# 3. compute-sanitizer memcheck, racecheck and synccheck, and 2 processes
#    sharing the GPU, on staged kernels;
# 4. the GPU lane.
source benchmarks/device-steps.sh .bundle
scores="--batch 32 --layout nt --shape 2048x2048x128 --stages=wgmma --repeat 20"
step mask-scores-bf16 30 $B/gemm-run $scores --dtype bf16 --out-dtype bf16 --epilogue alpha=0.125,mask --json $O/mask-scores-bf16.json
step scale-scores-bf16 30 $B/gemm-run $scores --dtype bf16 --out-dtype bf16 --epilogue alpha=0.125 --json $O/scale-scores-bf16.json
step mask-scores-f16 30 $B/gemm-run $scores --dtype f16 --out-dtype f16 --epilogue alpha=0.125,mask --json $O/mask-scores-f16.json
step scale-scores-f16 30 $B/gemm-run $scores --dtype f16 --out-dtype f16 --epilogue alpha=0.125 --json $O/scale-scores-f16.json
step residual-8192 30 $B/gemm-run --layout nt --shape 8192x8192x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue residual --repeat 20 --json $O/residual-8192.json
step plain-8192 30 $B/gemm-run --layout nt --shape 8192x8192x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --repeat 20 --json $O/plain-8192.json
step odd-residual 30 $B/gemm-run --layout nt --shape 7999x8000x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue residual --repeat 3 --json $O/odd-residual.json
step odd-gelu 30 $B/gemm-run --layout nn --shape 7999x8000x128 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue bias,residual,gelu --repeat 3 --json $O/odd-gelu.json
step beta-silu 30 $B/gemm-run --layout nt --shape 8000x7992x128 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue row-scale,alpha=0.5,beta=0.25,silu --repeat 3 --json $O/beta-silu.json
step mask-relu 30 $B/gemm-run --batch 8 --layout nn --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue bias,mask,relu --repeat 3 --json $O/mask-relu.json
# 128x256 tiles over long K leave no room for the slots with 4 stages:
# the residual at 4096^3 read per element, beside 3 stages (.sweep/
# stages3.jsonl: a tuning-database entry of the default plan with stages=3),
# where it is staged, each with the plain kernel.
big="--shape 4096x4096x4096 --layout nt --dtype bf16 --out-dtype bf16 --stages=wgmma --repeat 20"
step residual-4096 30 $B/gemm-run $big --epilogue residual --json $O/residual-4096.json
step plain-4096 30 $B/gemm-run $big --json $O/plain-4096.json
step residual-4096-s3 30 $B/gemm-run $big --epilogue residual --tuning-db .sweep/stages3.jsonl --json $O/residual-4096-s3.json
step plain-4096-s3 30 $B/gemm-run $big --tuning-db .sweep/stages3.jsonl --json $O/plain-4096-s3.json
m="--batch 4 --layout nt --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue alpha=0.125,mask"
r="--layout nt --shape 7999x8000x128 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue bias,residual,gelu"
sanitize_all() {
  TOOLS=memcheck PER_RUN_TIMEOUT=200 benchmarks/sanitize-runs.sh $B $O/san-m-memcheck "$m" &
  TOOLS=racecheck PER_RUN_TIMEOUT=200 benchmarks/sanitize-runs.sh $B $O/san-m-racecheck "$m" &
  TOOLS=synccheck PER_RUN_TIMEOUT=200 benchmarks/sanitize-runs.sh $B $O/san-m-synccheck "$m" &
  TOOLS=memcheck PER_RUN_TIMEOUT=200 benchmarks/sanitize-runs.sh $B $O/san-r-memcheck "$r" &
  wait
}
export -f sanitize_all
export B O m r
step sanitize 150 bash -c sanitize_all
step concurrency-2 60 benchmarks/concurrency-check.sh $B 3 "$m --repeat 3" "$r --repeat 3"
step gpu-lit 100 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
cat $O/sanitize.txt 2>/dev/null
tail -n3 $O/concurrency-2.txt $O/gpu-lit.txt 2>/dev/null
finish
