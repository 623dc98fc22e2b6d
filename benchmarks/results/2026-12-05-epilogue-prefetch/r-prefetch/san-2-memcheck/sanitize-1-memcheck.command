/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --shape 3000x2048x1024 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue residual
