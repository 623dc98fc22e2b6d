gemm-run test/Inputs/softmax-dynamic-f16.mlir --sizes 1x1,37x5000,4096x32768 --stages softmax-rows --json /root/out/r/softmax-dynamic-f16.json
