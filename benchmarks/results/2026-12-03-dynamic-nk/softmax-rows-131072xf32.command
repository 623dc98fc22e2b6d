gemm-run test/Inputs/softmax-dynamic-rows-131072xf32.mlir --sizes 1,3,133 --stages softmax-rows
