gemm-run --suite benchmarks/results/2026-12-07-session36/mid-suite.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db default --json /root/out/r/suite-committed-2.json
