gemm-run --dynamic --shape 1x4096x4096 --dtype f32 --stages wgmma --static-peer --sizes 1,3,127,1000,4097
