gemm-run --tune --tune-max 16 --layout nt --dtype bf16 --out-dtype bf16 --shape 8192x8192x256 --stages wgmma --json /root/out/r/k256.json
