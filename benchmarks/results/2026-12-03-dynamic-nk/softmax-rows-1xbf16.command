gemm-run test/Inputs/softmax-dynamic-rows-1xbf16.mlir --sizes 1,37,4099 --stages softmax-rows
