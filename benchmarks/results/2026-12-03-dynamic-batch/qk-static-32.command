gemm-run --batch 32 --shape 2048x2048x128 --dtype bf16 --layout nt --out-dtype bf16 --stages wgmma
