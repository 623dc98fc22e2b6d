gemm-run --shape 4096x4096x4096 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json /root/out/r/plain-4096x4096x4096-1.json
