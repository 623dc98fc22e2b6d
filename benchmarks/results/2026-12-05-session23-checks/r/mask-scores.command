/tmp/bin/gemm-run --batch 32 --layout nt --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue alpha=0.125,mask --repeat 20 --json /root/out/r/mask-scores.json
