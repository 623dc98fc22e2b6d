gemm-run --batch 8 --layout nt --dtype bf16 --out-dtype bf16 --shape 4096x4096x128 --stages wgmma --repeat 50 --json /root/out/r/b8-k128.json
