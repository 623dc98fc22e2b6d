/tmp/bin/gemm-run --layout nt --shape 7999x8000x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue residual --repeat 3 --json /root/out/r/odd-residual.json
