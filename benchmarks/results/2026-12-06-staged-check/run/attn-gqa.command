/tmp/bin/gemm-run test/Inputs/attention-gqa-bf16-2x8x2x130x67x72.mlir --stages=naive,warptile,mma,wgmma --repeat 3
