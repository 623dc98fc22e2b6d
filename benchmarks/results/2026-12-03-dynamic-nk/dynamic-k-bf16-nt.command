gemm-run --dynamic=k --shape 127x4096x1 --dtype bf16 --layout nt --epilogue bias,residual --out-dtype bf16 --stages wgmma --sizes 1,7,4096,4097
