gemm-run --suite benchmarks/results/2026-12-07-session38/inputs/m300.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db= --json /root/out/r/m300-heur.json
