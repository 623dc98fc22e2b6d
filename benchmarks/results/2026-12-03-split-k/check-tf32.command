gemm-run --check-only --stages wgmma --dtype f32 --tf32 --layout nt --shape 64x4096x8192
