gemm-run --shape 2048x2048x128 --batch 32 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 20 --json /root/out/r/qk-heur-1.json
