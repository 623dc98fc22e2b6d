#!/usr/bin/env bash
# For the next device call (the branch stream-k-rounds, its static bundle
# carried as .bundle, .whl/lit as well): stream-K over several rounds.
# 1. correctness: the GPU lane; compute-sanitizer memcheck, racecheck and
#    synccheck (each under a 60 s timeout) on a multi-round kernel (heuristic
#    300x10240x8192) and a forced ragged one (1100x1100x2049 nn); 2 and 4
#    processes sharing the GPU on multi-round kernels;
# 2. speed: the M = 300 layers with the heuristics (several rounds) against
#    the same 64x256 tiles unsplit (unsplit64.jsonl), interleaved against
#    cuBLAS, then the unseen-M suite and the public suite in bf16.
source benchmarks/device-steps.sh
R=benchmarks/results/2026-12-05-stream-k-rounds
db=test/GPU/Inputs/stream-k-db.jsonl
san=/usr/local/cuda/bin/compute-sanitizer
step gpu-lit 100 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
for tool in memcheck racecheck synccheck; do
  step $tool-300x10240x8192 65 timeout 60 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 300x10240x8192
  step $tool-1100x1100x2049 65 timeout 60 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nn --shape 1100x1100x2049 --tuning-db $db
done
runs=("--stages=wgmma --shape 300x10240x8192 --dtype bf16 --out-dtype bf16 --layout nt --repeat 20"
      "--stages=wgmma --shape 300x5120x13824 --dtype bf16 --out-dtype bf16 --layout nt --repeat 20"
      "--stages=wgmma --shape 300x8192x8192 --dtype f16 --out-dtype f16 --layout nt --repeat 20"
      "--stages=wgmma --shape 1100x1100x2049 --dtype bf16 --out-dtype bf16 --layout nn --tuning-db $db --repeat 20")
step concurrency-4 120 env PER_RUN_TIMEOUT=90 bash benchmarks/concurrency-check.sh $B 2 "${runs[@]}"
step m300-rounds 60 $B/gemm-run --suite $R/m300.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/m300-rounds.json
step m300-unsplit 60 $B/gemm-run --suite $R/m300.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db $R/unsplit64.jsonl --json $O/m300-unsplit.json
step unseen 150 env UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh $B $O/unseen
step suite-bf16-nt 150 $B/gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite-bf16-nt.json
summarize
finish
