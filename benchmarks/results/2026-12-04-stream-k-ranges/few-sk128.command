/tmp/bin/gemm-run --suite .sweep/few.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db .sweep/sk128.jsonl --json /root/out/r/few-sk128.json
