gemm-run --shape 131072x128x1024 --dtype bf16 --out-dtype bf16 --stages=mma --repeat 10 --tuning-db= --json /root/out/r/mma-131072x128x1024-new.json
