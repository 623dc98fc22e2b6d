/tmp/bin/gemm-run test/Inputs/attention-scores-scaled-q-bf16-3x130x130x64.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json /root/out/r/attention-scores-scaled-q-bf16-3x130x130x64.json
