/tmp/bin/gemm-run test/Inputs/einsum-shared-b-nk-f16-3x130x67x259.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json /root/out/r/einsum-shared-b-nk-f16-3x130x67x259.json
