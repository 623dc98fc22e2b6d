/tmp/bin/gemm-run test/Inputs/attention-mask-f16-2x3x130x67x72.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json /root/out/r/mask-attention.json
