gemm-run --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --suite benchmarks/results/2026-12-06-session33/inputs/fitted-n.txt --json /root/out/r/fit-heur.json
