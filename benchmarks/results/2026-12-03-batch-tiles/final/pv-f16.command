gemm-run --batch 32 --layout nn --dtype f16 --out-dtype f16 --shape 2048x128x2048 --stages wgmma --repeat 50 --json /root/out/r/pv-f16.json
