/tmp/bin/gemm-run --layout nt --shape 8192x8192x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --repeat 20 --json /root/out/r/plain-8192.json
