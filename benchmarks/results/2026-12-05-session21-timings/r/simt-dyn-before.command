/tmp/before/gemm-run --dynamic --sizes 4096,1000 --shape 1x4096x4096 --dtype f32 --stages warptile --static-peer --json /root/out/r/simt-dyn-before.json
