gemm-run --shape 512x6144x4096 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,gelu --json /root/out/r/new-512x6144x4096-gelu-1.json
