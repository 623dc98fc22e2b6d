gemm-run --suite /root/out/r/suite-split.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db /root/out/r/no-split.jsonl --json /root/out/r/ab-no-split.json
