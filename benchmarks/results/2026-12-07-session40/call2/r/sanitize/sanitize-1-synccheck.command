/usr/local/cuda/bin/compute-sanitizer --tool synccheck --error-exitcode 9 gemm-run --check-only --op softmax --shape 2x16777216 --dtype f32 --stages softmax-3pass
