/tmp/bin/gemm-run test/Inputs/result-transpose-bf16-1000x999x777.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json /root/out/r/result-transpose-bf16-1000x999x777.json
