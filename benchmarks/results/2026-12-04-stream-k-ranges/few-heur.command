/tmp/bin/gemm-run --suite .sweep/few.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json /root/out/r/few-heur.json
