gemm-run --shape 512x6144x4096 --dtype bf16 --out-dtype bf16 --layout nt --stages wgmma --repeat 20 --json /root/out/r/plain-512x6144x4096.json
