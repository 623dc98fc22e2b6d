gemm-run --dynamic --static-peer --sizes 1,3,16,127,512,4097 --shape 4096x6144x4096 --dtype bf16 --layout nt --out-dtype bf16 --stages wgmma --json /root/out/r/dynamic-bf16-nt.json
