gemm-run --suite benchmarks/results/2026-12-07-session36/big-suite.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --repeat 10 --tuning-db default --json /root/out/r/suite-committed.json
