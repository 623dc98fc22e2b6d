gemm-run --suite benchmarks/results/2026-12-04-stream-k/many-waves/pad.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db  --json /root/out/r/heur.json
