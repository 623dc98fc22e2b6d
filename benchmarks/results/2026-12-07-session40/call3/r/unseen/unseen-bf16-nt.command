/tmp/bin/gemm-run --suite /work/main/benchmarks/suites/llm-layers-unseen-m.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json /root/out/r/unseen/unseen-bf16-nt.json
