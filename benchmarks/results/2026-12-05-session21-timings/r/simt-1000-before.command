/tmp/before/gemm-run --stages=reg2d,vector,swizzle,multibuffer,warptile --shape 1000x4096x4096 --dtype f32 --json /root/out/r/simt-1000-before.json
