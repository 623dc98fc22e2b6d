/tmp/bin/gemm-run --stages=wgmma --dtype bf16 --out-dtype bf16 --repeat 20 --layout nt --shape 512x6144x4096 --epilogue bias,gelu --json /root/out/r/gelu-512.json
