gemm-run --dynamic=mnk --dtype f16 --stages wgmma --sizes 1x1x1,1000x999x777,4097x4097x4097
