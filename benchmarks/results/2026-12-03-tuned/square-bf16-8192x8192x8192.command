gemm-run --tune --tune-max 3 --stages wgmma --dtype bf16 --shape 8192x8192x8192 --json /root/out/r/square-bf16-8192x8192x8192.json
