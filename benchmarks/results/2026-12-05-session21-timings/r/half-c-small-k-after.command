/tmp/bin/gemm-run --stages=smem,reg1d,vector,warptile --shape 1000x1024x64 --dtype f16 --out-dtype f16 --json /root/out/r/half-c-small-k-after.json
