gemm-run test/Inputs/softmax-dynamic-rows-5000xf32.mlir --sizes 1,37,4096 --stages softmax-rows
