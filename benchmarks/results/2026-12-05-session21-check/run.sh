#!/usr/bin/env bash
# Session 21's device call (the device was lent again at its end), from the
# repository root on the H200 with the static bundle of main at 61d0181
# carried as .bundle and .whl/lit:
# 1. the GPU lane, with GPU/matmul-frontend-forms.test (the forms torch-mlir
#    writes: folded transposes, a bias as the initial C, 4-D batched matmuls
#    and attention through reshapes, matvec / batch_vecmat, extended bf16)
#    and session 20's GPU/matmul-simt-edges.test;
# 2. compute-sanitizer memcheck on the kernels reading and writing through
#    reshapes and on session 20's SIMT edge loads and 16-bit edge stores;
#    racecheck / synccheck on those SIMT kernels; memcheck / synccheck on
#    the forced stream-K rounds kernel;
# 3. 2 and 4 processes sharing the GPU on those kernels.
# The timings owed from session 20 (before / after, suite, Triton peer) are
# left to a later call: benchmarks/results/2026-12-04-session20-final/run.sh.
source benchmarks/device-steps.sh
db=test/GPU/Inputs/stream-k-db.jsonl
san=/usr/local/cuda/bin/compute-sanitizer
in=test/Inputs
step gpu-lit 110 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
# Kernels whose operands are reshapes of 4-D or 1-D buffers.
step memcheck-attention-4d 60 timeout 55 $san --tool memcheck $B/gemm-run --check-only $in/attention-4d-f16-2x3x130x67x72.mlir --stages=warptile,mma,wgmma
step memcheck-matmul-4d 50 timeout 45 $san --tool memcheck $B/gemm-run --check-only $in/batch-matmul-4d-bf16-2x3x130x67x259.mlir --stages=warptile,mma,wgmma
step memcheck-matvec 50 timeout 45 $san --tool memcheck $B/gemm-run --check-only $in/matvec-bf16-999x777.mlir --stages=naive,mma,wgmma
step memcheck-vecmat 50 timeout 45 $san --tool memcheck $B/gemm-run --check-only $in/batch-vecmat-f16-3x777x130.mlir --stages=warptile,mma,wgmma
# Session 20's SIMT edge loads and 16-bit predicated edge stores.
step memcheck-simt-rows 50 timeout 45 $san --tool memcheck $B/gemm-run --check-only --stages=reg2d,vector,swizzle,multibuffer,warptile --shape 1000x1024x512 --dtype f32
step memcheck-simt-cols 40 timeout 35 $san --tool memcheck $B/gemm-run --check-only --stages=vector,warptile --shape 1024x1000x520 --dtype f32 --layout nt
step memcheck-half-c 45 timeout 40 $san --tool memcheck $B/gemm-run --check-only --stages=smem,reg1d,warptile --shape 1000x999x777 --dtype bf16 --out-dtype bf16 --epilogue bias,residual,gelu
for tool in racecheck synccheck; do
  step $tool-simt-rows 45 timeout 40 $san --tool $tool $B/gemm-run --check-only --stages=vector,multibuffer,warptile --shape 1000x1024x512 --dtype f32
done
step synccheck-half-c 40 timeout 35 $san --tool synccheck $B/gemm-run --check-only --stages=smem,warptile --shape 1000x999x777 --dtype bf16 --out-dtype bf16
for tool in memcheck synccheck; do
  step $tool-rounds 45 timeout 40 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nn --shape 1900x1790x2049 --tuning-db $db
done
runs=("$in/attention-4d-f16-2x3x130x67x72.mlir --stages=mma,wgmma --repeat 20"
      "--stages=warptile --shape 4000x4096x4096 --dtype f32 --repeat 10"
      "--stages=smem,reg1d,warptile --shape 1000x999x777 --dtype bf16 --out-dtype bf16 --repeat 10"
      "--stages=wgmma --shape 1900x1790x2049 --dtype bf16 --out-dtype bf16 --layout nn --tuning-db $db --repeat 20")
step concurrency-2 70 env PER_RUN_TIMEOUT=60 bash benchmarks/concurrency-check.sh $B 2 "${runs[0]}" "${runs[1]}"
step concurrency-4 90 env PER_RUN_TIMEOUT=80 bash benchmarks/concurrency-check.sh $B 2 "${runs[@]}"
summarize
finish
