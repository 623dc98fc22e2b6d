/tmp/binpf/gemm-run --layout nt --shape 8000x7992x128 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue row-scale,alpha=0.5,beta=0.25,silu --repeat 3 --json /root/out/r/pf-beta-silu.json
