gemm-run --shape 1048576x72x40 --dtype bf16 --out-dtype bf16 --stages=mma --repeat 10 --tuning-db= --json /root/out/r/mma-1048576x72x40-new.json
