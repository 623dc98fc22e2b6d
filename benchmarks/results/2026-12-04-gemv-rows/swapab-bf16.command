/tmp/bin2/gemm-run-swap --suite .sweep/small-m.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json /root/out/r/swapab-bf16.json
