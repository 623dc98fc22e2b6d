gemm-run test/Inputs/softmax-dynamic-rows-32768xf16.mlir --sizes 1,37,4096 --stages softmax-rows
