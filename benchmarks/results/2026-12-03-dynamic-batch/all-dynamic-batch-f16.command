gemm-run --dynamic=bmnk --dtype f16 --stages wgmma --sizes 1x1x1x1,3x1000x999x777,2x4097x4097x4097
