gemm-run --tune --tune-max 3 --stages wgmma --dtype bf16 --shape 4096x4096x4096 --json /root/out/r/square-bf16-4096x4096x4096.json
