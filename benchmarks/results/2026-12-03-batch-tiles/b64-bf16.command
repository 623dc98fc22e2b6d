gemm-run --tune --tune-max 6 --batch 64 --layout nt --dtype bf16 --out-dtype bf16 --shape 1024x1024x64 --stages wgmma --json /root/out/r/b64-bf16.json
