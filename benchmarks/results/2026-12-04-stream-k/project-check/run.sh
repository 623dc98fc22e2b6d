#!/usr/bin/env bash
# OWED (session 18 could not start another device call: its 30 minutes were
# spent): the project check of the stream-K kernels, from the repository root
# on the GPU machine, the static bundle of main at 2f13981 or later carried as
# .bundle. compute-sanitizer memcheck, racecheck and synccheck on stream-K
# kernels of each shape of schedule (128x256 with 4 parts a tile, 64x256 with
# 4 and with 2 parts, registers epilogue through padded copies with 2 parts,
# TF32), then 2 and 4 processes sharing the GPU on them.
source benchmarks/device-steps.sh
db=test/GPU/Inputs/stream-k-db.jsonl
san=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck synccheck; do
  step $tool-300x8192x4096 60 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 300x8192x4096
  step $tool-300x16384x4096 60 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 300x16384x4096
  step $tool-512x10240x4096 60 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 512x10240x4096
  step $tool-1000x999x2049 60 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nn --shape 1000x999x2049 --tuning-db $db
  step $tool-tf32-777x1000x4096 60 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype f32 --tf32 --layout nt --shape 777x1000x4096 --tuning-db $db
done
runs=("--stages=wgmma --shape 512x10240x8192 --dtype bf16 --out-dtype bf16 --layout nt --repeat 20"
      "--stages=wgmma --shape 300x57344x8192 --dtype bf16 --out-dtype bf16 --layout nt --repeat 20"
      "--stages=wgmma --shape 300x8192x8192 --dtype f16 --out-dtype f16 --layout nt --repeat 20"
      "--stages=wgmma --shape 1000x999x2049 --dtype bf16 --out-dtype bf16 --layout nn --tuning-db $db --repeat 20")
step concurrency-2 90 env PER_RUN_TIMEOUT=90 bash benchmarks/concurrency-check.sh $B 2 "${runs[0]}" "${runs[1]}"
step concurrency-4 120 env PER_RUN_TIMEOUT=120 bash benchmarks/concurrency-check.sh $B 2 "${runs[@]}"
finish
