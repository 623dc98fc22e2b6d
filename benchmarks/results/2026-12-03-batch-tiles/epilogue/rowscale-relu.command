gemm-run --batch 3 --layout nn --dtype f16 --out-dtype f16 --shape 2048x2048x768 --epilogue row-scale,relu --stages wgmma --json /root/out/r/rowscale-relu.json
