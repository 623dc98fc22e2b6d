gemm-run --batch 32 --layout nt --dtype f16 --out-dtype f16 --shape 2048x2048x128 --stages wgmma --repeat 50 --json /root/out/r/qk-f16.json
