gemm-run --dynamic=mnk --dtype bf16 --layout tt --epilogue bias,row-scale,gelu --out-dtype bf16 --stages wgmma --sizes 1x1x1,37x5000x33,1000x999x777
