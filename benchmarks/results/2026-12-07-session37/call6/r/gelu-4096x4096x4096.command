gemm-run --shape 4096x4096x4096 --dtype bf16 --out-dtype bf16 --layout nt --stages wgmma --repeat 20 --epilogue bias,gelu --json /root/out/r/gelu-4096x4096x4096.json
