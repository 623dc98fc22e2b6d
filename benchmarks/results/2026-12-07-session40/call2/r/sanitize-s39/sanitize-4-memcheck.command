/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --shape 8388737x24x16 --dtype f16 --stages=warptile
