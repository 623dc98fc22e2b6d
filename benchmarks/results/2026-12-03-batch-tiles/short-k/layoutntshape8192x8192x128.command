gemm-run --tune --tune-max 8 --dtype bf16 --out-dtype bf16 --stages wgmma --layout nt --shape 8192x8192x128
