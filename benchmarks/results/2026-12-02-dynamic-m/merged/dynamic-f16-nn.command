gemm-run --dynamic --static-peer --sizes 1,3,16,127,512,4097 --shape 4096x6144x4096 --dtype f16 --layout nn --out-dtype f16 --stages wgmma --json /root/out/r/dynamic-f16-nn.json
