source benchmarks/device-steps.sh
san=/usr/local/cuda/bin/compute-sanitizer
step gpu-lit 120 env PYTHONPATH=.whl/lit LIT_FILTER='stream-k|small-m|layouts' bash benchmarks/run-gpu-lit.sh $B -v
step unseen 200 env UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh $B $O/unseen
step m300-sk128 60 $B/gemm-run --suite .sweep/m300.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db .sweep/sk128.jsonl --json $O/m300-sk128.json
step few-heur 60 $B/gemm-run --suite .sweep/few.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/few-heur.json
step few-sk128 60 $B/gemm-run --suite .sweep/few.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db .sweep/sk128.jsonl --json $O/few-sk128.json
step few-sk64 60 $B/gemm-run --suite .sweep/few.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db .sweep/sk64.jsonl --json $O/few-sk64.json
step memcheck-300x5120x5120 40 timeout 60 $san --tool memcheck $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 300x5120x5120
step racecheck-1100x1100x2049 40 timeout 60 $san --tool racecheck $B/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nn --shape 1100x1100x2049 --tuning-db test/GPU/Inputs/stream-k-db.jsonl
summarize
finish
