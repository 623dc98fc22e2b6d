/usr/local/cuda/bin/compute-sanitizer --tool synccheck --error-exitcode 9 gemm-run --check-only --op softmax --shape 16x131072 --dtype f16 --out-dtype f32 --stages=softmax-rows
