/tmp/binpf/gemm-run --layout nn --shape 7999x8000x128 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue bias,residual,gelu --repeat 3 --json /root/out/r/pf-odd-gelu.json
