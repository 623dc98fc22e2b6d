gemm-run --shape 512x6144x4096 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json /root/out/r/plain-512x6144x4096-2.json
