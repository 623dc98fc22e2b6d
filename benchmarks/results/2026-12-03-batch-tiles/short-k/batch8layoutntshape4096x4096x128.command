gemm-run --tune --tune-max 8 --dtype bf16 --out-dtype bf16 --stages wgmma --batch 8 --layout nt --shape 4096x4096x128
