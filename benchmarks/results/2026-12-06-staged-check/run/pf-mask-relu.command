/tmp/binpf/gemm-run --batch 8 --layout nn --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue bias,mask,relu --repeat 3 --json /root/out/r/pf-mask-relu.json
