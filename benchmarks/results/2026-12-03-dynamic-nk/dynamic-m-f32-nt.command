gemm-run --dynamic --shape 1x999x777 --dtype f32 --layout nt --stages wgmma --sizes 1,2,65,1000
