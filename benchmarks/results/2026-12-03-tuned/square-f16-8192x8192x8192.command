gemm-run --tune --tune-max 3 --stages wgmma --dtype f16 --shape 8192x8192x8192 --json /root/out/r/square-f16-8192x8192x8192.json
