/tmp/bin/gemm-run --stages=wgmma --dtype bf16 --out-dtype bf16 --repeat 20 --batch 32 --layout nt --shape 2048x2048x128 --json /root/out/r/qkt.json
