/tmp/bin/gemm-run test/Inputs/mlp-swiglu-bf16-37x999x777.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json /root/out/r/mlp-swiglu.json
