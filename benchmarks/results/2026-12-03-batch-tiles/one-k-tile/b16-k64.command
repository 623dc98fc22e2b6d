gemm-run --batch 16 --layout nt --dtype bf16 --out-dtype bf16 --shape 4096x4096x64 --stages wgmma --repeat 50 --json /root/out/r/b16-k64.json
