/tmp/bin/gemm-run --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 300x16384x4096 --repeat 200
