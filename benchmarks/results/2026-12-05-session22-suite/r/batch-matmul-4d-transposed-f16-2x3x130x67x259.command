/tmp/bin/gemm-run test/Inputs/batch-matmul-4d-transposed-f16-2x3x130x67x259.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json /root/out/r/batch-matmul-4d-transposed-f16-2x3x130x67x259.json
