gemm-run --layout nt --dtype bf16 --out-dtype bf16 --shape 8192x8192x64 --stages wgmma --repeat 50 --json /root/out/r/k64.json
