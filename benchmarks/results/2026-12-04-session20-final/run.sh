#!/usr/bin/env bash
# Session 20's last device call, from the repository root on the H200, the
# static bundle of main carried as .bundle, main's gemm-run before the
# SIMT edge changes (7dcbff3) as .bundle-before/gemm-run.xz, .whl/lit:
# 1. correctness: the GPU lane (with GPU/matmul-simt-edges.test and the
#    stream-K rounds case 1900x1790x2049), memcheck and synccheck on that
#    forced multi-round kernel; racecheck / synccheck on the SIMT edge
#    kernels; 2 and 4 processes sharing the GPU on the changed kernels;
# 2. speed of the SIMT edge change, before and after in one run (f32,
#    ragged M with aligned rows: the stages whose kernels changed; warptile
#    with its cap at a ragged and a run-time M), and of the SIMT edge stores
#    of a 16-bit C (176887a: predicated like f32 ones; small K, and the
#    ragged ladder shape in bf16);
# 3. the M = 300 layers with the final stream-K rule;
source benchmarks/device-steps.sh
R=benchmarks/results/2026-12-05-stream-k-rounds
db=test/GPU/Inputs/stream-k-db.jsonl
san=/usr/local/cuda/bin/compute-sanitizer
OLD=/tmp/before
benchmarks/unpack-bundle.sh .bundle-before $OLD > $O/unpack-before.log 2>&1
step gpu-lit 100 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
for tool in memcheck synccheck; do
  step $tool-1900x1790x2049 65 timeout 60 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nn --shape 1900x1790x2049 --tuning-db $db
done
# The SIMT edge blocks' clamped 128-bit loads and the 16-bit predicated
# edge stores read and write nothing outside the buffers:
step memcheck-simt-rows 65 timeout 60 $san --tool memcheck $B/gemm-run --check-only --stages=reg2d,vector,swizzle,multibuffer,warptile --shape 1000x1024x512 --dtype f32
step memcheck-simt-cols 65 timeout 60 $san --tool memcheck $B/gemm-run --check-only --stages=vector,warptile --shape 1024x1000x520 --dtype f32 --layout nt
step memcheck-simt-dyn 65 timeout 60 $san --tool memcheck $B/gemm-run --dynamic --shape 1x1024x512 --sizes 100,1000 --dtype f32 --stages swizzle,warptile --repeat 1
step memcheck-half-c 65 timeout 60 $san --tool memcheck $B/gemm-run --check-only --stages=smem,reg1d,warptile --shape 1000x999x777 --dtype bf16 --out-dtype bf16 --epilogue bias,residual,gelu
for tool in racecheck synccheck; do
  step $tool-simt-rows 65 timeout 60 $san --tool $tool $B/gemm-run --check-only --stages=vector,multibuffer,warptile --shape 1000x1024x512 --dtype f32
  step $tool-half-c 65 timeout 60 $san --tool $tool $B/gemm-run --check-only --stages=smem,warptile --shape 1000x999x777 --dtype bf16 --out-dtype bf16
done
# 2 and 4 processes sharing the GPU on the kernels this session changed.
runs=("--stages=wgmma --shape 300x10240x8192 --dtype bf16 --out-dtype bf16 --layout nt --repeat 20"
      "--stages=warptile --shape 4000x4096x4096 --dtype f32 --repeat 10"
      "--stages=smem,reg1d,warptile --shape 1000x999x777 --dtype bf16 --out-dtype bf16 --repeat 10"
      "--stages=wgmma --shape 1900x1790x2049 --dtype bf16 --out-dtype bf16 --layout nn --tuning-db $db --repeat 20")
step concurrency-2 90 env PER_RUN_TIMEOUT=60 bash benchmarks/concurrency-check.sh $B 2 "${runs[0]}" "${runs[1]}"
step concurrency-4 120 env PER_RUN_TIMEOUT=90 bash benchmarks/concurrency-check.sh $B 2 "${runs[@]}"
for v in before after; do
  bin=$B; [ $v = before ] && bin=$OLD
  step simt-1000-$v 40 $bin/gemm-run --stages=reg2d,vector,swizzle,multibuffer,warptile --shape 1000x4096x4096 --dtype f32 --json $O/simt-1000-$v.json
  step simt-4000-$v 40 $bin/gemm-run --stages=warptile --shape 4000x4096x4096 --dtype f32 --json $O/simt-4000-$v.json
  step simt-dyn-$v 60 $bin/gemm-run --dynamic --sizes 4096,1000 --shape 1x4096x4096 --dtype f32 --stages warptile --static-peer --json $O/simt-dyn-$v.json
  step half-c-small-k-$v 40 $bin/gemm-run --stages=smem,reg1d,vector,warptile --shape 1000x1024x64 --dtype f16 --out-dtype f16 --json $O/half-c-small-k-$v.json
  step half-c-ragged-$v 60 $bin/gemm-run --stages=smem,reg1d,reg2d,vector,swizzle,multibuffer,warptile --shape 1000x999x777 --dtype bf16 --out-dtype bf16 --json $O/half-c-ragged-$v.json
done
step m300 60 $B/gemm-run --suite $R/m300.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/m300.json
# 4. the public suite and the Triton peer in the same call (issue 17's
#    peer row; C in bf16 on both sides).
step suite-bf16-nt 150 $B/gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite-bf16-nt.json
step triton-nt 100 python3 benchmarks/triton-peer.py --suite benchmarks/suites/llm-layers.txt --layout nt --json $O/triton-nt.json
step table-nt 5 python3 benchmarks/suite-table.py now=$O/suite-bf16-nt.json --peer $O/triton-nt.json --ahead-of
summarize
finish
