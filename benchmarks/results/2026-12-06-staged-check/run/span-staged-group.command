/tmp/bin/gemm-run --batch 8 --layout nt --epilogue alpha=0.125,mask-group=2 --out-dtype bf16 --stages=wgmma --shape 2048x2048x128 --dtype bf16 --repeat 3 --json /root/out/r/span-staged-group.json
