/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --batch 70000 --shape 32x40x24 --dtype f16 --stages=warptile,mma
