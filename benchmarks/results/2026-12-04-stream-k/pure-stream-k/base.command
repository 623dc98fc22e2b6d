gemm-run --suite .sweep/sk.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json /root/out/r/base.json
