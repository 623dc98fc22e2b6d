#!/usr/bin/env bash
# OWED (session 19 had 134 s of device time left and could not start a
# call): the project check of the kernels session 19 changed, from the
# repository root on the GPU machine with the static bundle of main at
# ebda682 or later carried as .bundle (.whl/lit too).
# - stream-K parts numbered per tile (two parts a tile: 300x16384x4096,
#   300x57344x8192; four: 512x10240x4096; forced ragged 1000x999x2049);
# - the dynamic-M SIMT fallback on the mma stage and TF32 nn on wgmma;
# - 16-bit M = 3 on swap-AB.
# compute-sanitizer memcheck / racecheck / synccheck, each under a 60 s
# timeout, then 2 and 4 processes sharing the GPU, then the GPU lane.
source benchmarks/device-steps.sh
db=test/GPU/Inputs/stream-k-db.jsonl
san=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck synccheck; do
  step $tool-300x16384x4096 65 timeout 60 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 300x16384x4096
  step $tool-512x10240x4096 65 timeout 60 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 512x10240x4096
  step $tool-1000x999x2049 65 timeout 60 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nn --shape 1000x999x2049 --tuning-db $db
  step $tool-dyn-mma 65 timeout 60 $san --tool $tool $B/gemm-run --dynamic --sizes 5,300 --shape 1x999x776 --dtype f16 --layout nt --out-dtype f16 --stages mma --repeat 1
  step $tool-dyn-tf32-nn 65 timeout 60 $san --tool $tool $B/gemm-run --dynamic --sizes 65 --shape 1x1000x776 --dtype f32 --tf32 --layout nn --stages wgmma --repeat 1
  step $tool-3x5120x5120 65 timeout 60 $san --tool $tool $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 3x5120x5120
done
runs=("--stages=wgmma --shape 300x57344x8192 --dtype bf16 --out-dtype bf16 --layout nt --repeat 20"
      "--stages=wgmma --shape 512x10240x8192 --dtype bf16 --out-dtype bf16 --layout nt --repeat 20"
      "--stages=wgmma --shape 300x16384x4096 --dtype f16 --out-dtype f16 --layout nt --repeat 20"
      "--stages=wgmma --shape 1000x999x2049 --dtype bf16 --out-dtype bf16 --layout nn --tuning-db $db --repeat 20")
step concurrency-2 90 env PER_RUN_TIMEOUT=60 bash benchmarks/concurrency-check.sh $B 2 "${runs[0]}" "${runs[1]}"
step concurrency-4 120 env PER_RUN_TIMEOUT=90 bash benchmarks/concurrency-check.sh $B 2 "${runs[@]}"
step gpu-lit 100 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
# f32 SIMT with a run-time M now runs without the register caps (f7705e0):
# its speed beside the static (capped) kernel of each size.
step f32-dynamic-simt 60 $B/gemm-run --dynamic --sizes 4096,1000 --shape 1x4096x4096 --dtype f32 --layout nn --stages reg2d,warptile --static-peer --json $O/f32-dynamic-simt.json
summarize
finish
