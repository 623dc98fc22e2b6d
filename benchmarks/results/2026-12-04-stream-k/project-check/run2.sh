source benchmarks/device-steps.sh
BUDGET=${BUDGET:-560}
xz -dc .sweep/gemm-run-swap.xz > $B/gemm-run-swap; chmod +x $B/gemm-run-swap
san=/usr/local/cuda/bin/compute-sanitizer
db=test/GPU/Inputs/stream-k-db.jsonl
for d in bf16 f16; do
  step gemv-$d 60 $B/gemm-run --suite .sweep/small-m.txt --stages=wgmma --dtype $d --out-dtype $d --layout nt --json $O/gemv-$d.json
  step swapab-$d 60 $B/gemm-run-swap --suite .sweep/small-m.txt --stages=wgmma --dtype $d --out-dtype $d --layout nt --json $O/swapab-$d.json
done
step synccheck-512x10240x4096 60 timeout 60 $san --tool synccheck $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 512x10240x4096
step synccheck-1000x999x2049 60 timeout 60 $san --tool synccheck $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nn --shape 1000x999x2049 --tuning-db $db
step synccheck-tf32-777x1000x4096 60 timeout 60 $san --tool synccheck $B/gemm-run --check-only --stages wgmma --dtype f32 --tf32 --layout nt --shape 777x1000x4096 --tuning-db $db
runs=("--stages=wgmma --shape 512x10240x8192 --dtype bf16 --out-dtype bf16 --layout nt --repeat 20"
      "--stages=wgmma --shape 300x57344x8192 --dtype bf16 --out-dtype bf16 --layout nt --repeat 20"
      "--stages=wgmma --shape 300x8192x8192 --dtype f16 --out-dtype f16 --layout nt --repeat 20"
      "--stages=wgmma --shape 1000x999x2049 --dtype bf16 --out-dtype bf16 --layout nn --tuning-db $db --repeat 20")
step concurrency-2 90 env PER_RUN_TIMEOUT=60 bash benchmarks/concurrency-check.sh $B 2 "${runs[0]}" "${runs[1]}"
step concurrency-4 120 env PER_RUN_TIMEOUT=90 bash benchmarks/concurrency-check.sh $B 2 "${runs[@]}"
step synccheck-300x16384x4096-again 70 timeout 60 $san --tool synccheck $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 300x16384x4096
step loop-300x16384x4096 40 $B/gemm-run --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 300x16384x4096 --repeat 200
summarize
finish
