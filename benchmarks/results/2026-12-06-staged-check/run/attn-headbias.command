/tmp/bin/gemm-run test/Inputs/attention-headbias-bf16-2x3x130x67x72.mlir --stages=naive,warptile,mma,wgmma --repeat 3
