#!/usr/bin/env bash
# Stream-K, last call: the public suite (bf16, f16) with the database as
# committed now, the unseen-M suite in f16, two processes sharing the GPU on
# stream-K kernels, and the whole GPU lane.
source benchmarks/device-steps.sh
S=benchmarks/suites/llm-layers.txt
step suite-bf16-nt 150 gemm-run --suite $S --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite-bf16-nt.json
step unseen-f16 80 env UNSEEN_DTYPES=f16 bash benchmarks/run-unseen-m.sh $B $O/unseen
step concurrency-2 50 env PER_RUN_TIMEOUT=60 bash benchmarks/concurrency-check.sh $B 2 "--stages=wgmma --shape 512x10240x8192 --dtype bf16 --out-dtype bf16 --layout nt --repeat 20" "--stages=wgmma --shape 300x8192x8192 --dtype bf16 --out-dtype bf16 --layout nt --repeat 20"
step gpu-lit 100 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
step suite-f16-nt 200 gemm-run --suite $S --stages=wgmma --dtype f16 --out-dtype f16 --layout nt --json $O/suite-f16-nt.json
finish
