gemm-run --check-only --stages wgmma --dtype f16 --layout nt --shape 100x5000x5000
