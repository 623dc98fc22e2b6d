/tmp/bin/gemm-run test/Inputs/linear-3d-bf16-2x500x999x777.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json /root/out/r/linear-3d-bf16-2x500x999x777.json
