/tmp/bin/gemm-run --batch 4 --layout nt --epilogue bias,residual,gelu --out-dtype bf16 --stages=wgmma --shape 2048x2048x128 --dtype bf16 --repeat 3 --json /root/out/r/residual-batch-staged.json
