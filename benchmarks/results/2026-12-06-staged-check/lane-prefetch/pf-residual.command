/tmp/bin/gemm-run --layout nt --shape 8192x8192x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue residual --repeat 20 --json /root/out/r/pf-residual.json
