gemm-run --shape 2048x128x2048 --batch 32 --dtype bf16 --out-dtype bf16 --stages=wgmma --json /root/out/r/attn-pv.json
