/tmp/bin2/gemm-run-swap --suite .sweep/small-m.txt --stages=wgmma --dtype f16 --out-dtype f16 --layout nt --json /root/out/r/swapab-f16.json
