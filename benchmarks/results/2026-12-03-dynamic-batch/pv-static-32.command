gemm-run --batch 32 --shape 2048x128x2048 --dtype bf16 --out-dtype bf16 --stages wgmma
