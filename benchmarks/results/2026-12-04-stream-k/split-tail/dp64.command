gemm-run --suite .sweep/sk.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db .sweep/dp64.jsonl --json /root/out/r/dp64.json
