/tmp/bin/gemm-run test/Inputs/gram-bf16-1000x777.mlir --stages=naive,warptile,mma,wgmma --repeat 2
