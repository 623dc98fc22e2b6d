gemm-run --suite benchmarks/results/2026-12-06-padded-m/inputs/padded-m.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json /root/out/r/padded-new.json
