gemm-run --tune --tune-max 8 --dtype bf16 --out-dtype bf16 --stages wgmma --batch 32 --layout nn --shape 2048x128x2048
