#!/usr/bin/env bash
# The timings owed from session 20 (its run.sh's parts 2-4; its correctness
# parts ran in results/2026-12-05-session21-check), from the repository root
# on the H200: gemm-run of the static bundle of main at 61d0181 as
# .bundle-timing (its gemm-run and runtime library only: the carry limit), main's
# gemm-run before the SIMT edge changes (7dcbff3) as
# .bundle-before/gemm-run.xz.
# 1. SIMT edge loads (db42538) and 16-bit edge stores (176887a), before and
#    after in one run;
# 2. the M = 300 layers; 3. the public suite in bf16 with the Triton peer.
source benchmarks/device-steps.sh .bundle-timing
R=benchmarks/results/2026-12-05-stream-k-rounds
OLD=/tmp/before
benchmarks/unpack-bundle.sh .bundle-before $OLD > $O/unpack-before.log 2>&1
for v in before after; do
  bin=$B; [ $v = before ] && bin=$OLD
  step simt-1000-$v 40 $bin/gemm-run --stages=reg2d,vector,swizzle,multibuffer,warptile --shape 1000x4096x4096 --dtype f32 --json $O/simt-1000-$v.json
  step simt-4000-$v 40 $bin/gemm-run --stages=warptile --shape 4000x4096x4096 --dtype f32 --json $O/simt-4000-$v.json
  step simt-dyn-$v 60 $bin/gemm-run --dynamic --sizes 4096,1000 --shape 1x4096x4096 --dtype f32 --stages warptile --static-peer --json $O/simt-dyn-$v.json
  step half-c-small-k-$v 40 $bin/gemm-run --stages=smem,reg1d,vector,warptile --shape 1000x1024x64 --dtype f16 --out-dtype f16 --json $O/half-c-small-k-$v.json
  step half-c-ragged-$v 60 $bin/gemm-run --stages=smem,reg1d,reg2d,vector,swizzle,multibuffer,warptile --shape 1000x999x777 --dtype bf16 --out-dtype bf16 --json $O/half-c-ragged-$v.json
done
step m300 60 $B/gemm-run --suite $R/m300.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/m300.json
step suite-bf16-nt 150 $B/gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite-bf16-nt.json
step triton-nt 100 python3 benchmarks/triton-peer.py --suite benchmarks/suites/llm-layers.txt --layout nt --json $O/triton-nt.json
step table-nt 5 python3 benchmarks/suite-table.py now=$O/suite-bf16-nt.json --peer $O/triton-nt.json --ahead-of
summarize
finish
