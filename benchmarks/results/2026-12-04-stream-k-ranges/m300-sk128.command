/tmp/bin/gemm-run --suite .sweep/m300.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db .sweep/sk128.jsonl --json /root/out/r/m300-sk128.json
