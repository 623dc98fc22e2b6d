/tmp/bin/gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db benchmarks/tuning/h200.jsonl --json /root/out/r/suite-h200db.json
