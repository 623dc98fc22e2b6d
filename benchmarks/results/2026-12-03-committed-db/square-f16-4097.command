gemm-run --tune --tune-max 2 --stages wgmma --dtype f16 --shape 4097x4097x4097 --json /root/out/r/square-f16-4097.json
