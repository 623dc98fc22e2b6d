gemm-run --batch 4 --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128 --epilogue residual --stages wgmma --json /root/out/r/residual.json
