gemm-run --tune --tune-max 10 --batch 32 --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128 --stages wgmma --json /root/out/r/qk-bf16.json
