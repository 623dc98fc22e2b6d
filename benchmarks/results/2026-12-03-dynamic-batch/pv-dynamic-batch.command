gemm-run --dynamic=b --shape 2048x128x2048 --dtype bf16 --out-dtype bf16 --stages wgmma --sizes 1,8,32,64
