gemm-run --dynamic=nk --shape 300x1x1 --dtype f32 --layout nt --epilogue bias,relu --stages wgmma --sizes 999x777,64x4096,1x3
