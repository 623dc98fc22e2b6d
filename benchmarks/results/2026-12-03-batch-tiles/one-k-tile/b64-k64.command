gemm-run --batch 64 --layout nt --dtype bf16 --out-dtype bf16 --shape 1024x1024x64 --stages wgmma --repeat 50 --json /root/out/r/b64-k64.json
