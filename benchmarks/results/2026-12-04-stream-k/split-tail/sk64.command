gemm-run --suite .sweep/sk.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db .sweep/sk64.jsonl --json /root/out/r/sk64.json
