/tmp/bin/gemm-run test/Inputs/linear-bias-relu-transposed-bf16-1000x999x777.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json /root/out/r/linear-bias-relu-transposed-bf16-1000x999x777.json
