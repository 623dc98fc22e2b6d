/tmp/bin/gemm-run --suite .sweep/small-m.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json /root/out/r/gemv-bf16.json
