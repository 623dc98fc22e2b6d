gemm-run --dynamic=b --shape 2048x2048x128 --dtype bf16 --layout nt --out-dtype bf16 --stages wgmma --sizes 1,8,32,64
