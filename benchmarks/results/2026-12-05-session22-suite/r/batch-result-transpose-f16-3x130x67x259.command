/tmp/bin/gemm-run test/Inputs/batch-result-transpose-f16-3x130x67x259.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json /root/out/r/batch-result-transpose-f16-3x130x67x259.json
