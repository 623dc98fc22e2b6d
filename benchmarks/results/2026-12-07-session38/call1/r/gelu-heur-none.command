gemm-run --suite benchmarks/results/2026-12-07-session38/inputs/gelu-shapes.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db= --json /root/out/r/gelu-heur-none.json
