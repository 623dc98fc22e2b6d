/tmp/bin/gemm-run --stages=wgmma --dtype bf16 --out-dtype bf16 --repeat 20 --batch 32 --shape 2048x128x2048 --json /root/out/r/pv.json
