/tmp/bin/gemm-run --suite benchmarks/results/2026-12-05-stream-k-rounds/m300.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json /root/out/r/m300.json
