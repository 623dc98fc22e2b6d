gemm-run --batch 32 --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128 --stages wgmma --repeat 50 --json /root/out/r/qk-bf16.json
