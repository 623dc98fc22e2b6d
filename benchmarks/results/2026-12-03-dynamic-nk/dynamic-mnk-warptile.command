gemm-run --dynamic=mnk --dtype f32 --stages warptile,multibuffer --sizes 1x1x1,1000x999x777
