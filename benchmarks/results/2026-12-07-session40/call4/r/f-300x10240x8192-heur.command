gemm-run --shape 300x10240x8192 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 10 --tuning-db= --json /root/out/r/f-300x10240x8192-heur.json
