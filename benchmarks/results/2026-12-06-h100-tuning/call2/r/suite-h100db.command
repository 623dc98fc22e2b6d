/tmp/bin/gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db /root/out/r/combined.jsonl --json /root/out/r/suite-h100db.json
