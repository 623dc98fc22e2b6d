/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --stages=reg1d --shape 999x1001x2049 --dtype f16 --repeat 3
