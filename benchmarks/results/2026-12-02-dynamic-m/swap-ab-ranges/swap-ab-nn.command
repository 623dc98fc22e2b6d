gemm-run --dynamic --static-peer --sizes 2,3,4,8,9,12,16 --shape 4096x6144x4096 --dtype bf16 --layout nn --out-dtype bf16 --stages wgmma --json /root/out/r/swap-ab-nn.json
