#!/usr/bin/env bash
# Stream-K, second call: the unseen-M suite (bf16) with the heuristics' stream-K
# plans, the GPU lane's stream-K test, sanitizers on stream-K kernels, and a
# re-tune of the suite's M = 512 shapes with the stream-K candidates.
source benchmarks/device-steps.sh
step unseen 150 env UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh $B $O/unseen
step gpulit 60 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter 'stream-k|split-k|wgmma.test'
step memcheck 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 300x8192x4096
step memcheck-db 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nn --shape 1000x999x2049 --tuning-db test/GPU/Inputs/stream-k-db.jsonl
step racecheck 90 /usr/local/cuda/bin/compute-sanitizer --tool racecheck $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 300x8192x4096
step tune512 120 env BUDGET=$(( $(seconds_left) - 30 )) M_LIST=512 bash benchmarks/run-tune.sh $B $O/tune-bf16 benchmarks/suites/llm-layers.txt 6
summarize
finish
