gemm-run --suite .sweep/sk.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db .sweep/sk128.jsonl --json /root/out/r/sk128.json
