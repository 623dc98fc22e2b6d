gemm-run --shape 300x27648x5120 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 10 --tuning-db= --json /root/out/r/m300-300x27648x5120-heur.json
