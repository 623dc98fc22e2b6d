/tmp/bin/gemm-run --shape 4096x4096x4096 --layout nt --dtype bf16 --out-dtype bf16 --stages=wgmma --repeat 20 --json /root/out/r/plain-4096.json
