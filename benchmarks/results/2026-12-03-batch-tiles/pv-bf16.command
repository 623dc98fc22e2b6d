gemm-run --batch 32 --layout nn --dtype bf16 --out-dtype bf16 --shape 2048x128x2048 --stages mma,wgmma --json /root/out/r/pv-bf16.json
