/tmp/bin/gemm-run --stages=wgmma --dtype bf16 --out-dtype bf16 --repeat 20 --layout nt --shape 512x6144x4096 --json /root/out/r/plain-512.json
