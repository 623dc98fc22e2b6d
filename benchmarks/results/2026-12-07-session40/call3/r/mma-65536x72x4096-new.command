gemm-run --shape 65536x72x4096 --dtype bf16 --out-dtype bf16 --stages=mma --repeat 10 --tuning-db= --json /root/out/r/mma-65536x72x4096-new.json
