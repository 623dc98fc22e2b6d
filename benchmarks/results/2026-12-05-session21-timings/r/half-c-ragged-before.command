/tmp/before/gemm-run --stages=smem,reg1d,reg2d,vector,swizzle,multibuffer,warptile --shape 1000x999x777 --dtype bf16 --out-dtype bf16 --json /root/out/r/half-c-ragged-before.json
