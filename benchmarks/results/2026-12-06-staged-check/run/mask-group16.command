/tmp/bin/gemm-run --batch 32 --layout nt --shape 2048x2048x128 --stages=wgmma --repeat 20 --dtype bf16 --out-dtype bf16 --epilogue alpha=0.125,mask-group=16 --json /root/out/r/mask-group16.json
