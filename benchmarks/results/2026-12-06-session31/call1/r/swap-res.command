gemm-run --layout nt --shape 300x8192x8192 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue row-scale,residual --json /root/out/r/swap-res.json
