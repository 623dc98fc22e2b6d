/tmp/bin/gemm-run --batch 32 --layout nt --shape 2048x2048x128 --stages=wgmma --repeat 20 --dtype bf16 --out-dtype bf16 --epilogue alpha=0.125,mask --json /root/out/r/pf-mask-bf16.json
