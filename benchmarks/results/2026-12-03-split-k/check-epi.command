gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,residual,gelu --shape 128x5120x5120
