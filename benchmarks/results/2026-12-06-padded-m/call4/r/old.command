/tmp/old/gemm-run --suite benchmarks/results/2026-12-06-padded-m/inputs/plain.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json /root/out/r/old.json
