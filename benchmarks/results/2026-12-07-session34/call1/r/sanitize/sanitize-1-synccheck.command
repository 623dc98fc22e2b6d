/usr/local/cuda/bin/compute-sanitizer --tool synccheck --error-exitcode 9 gemm-run --check-only test/GPU/Inputs/softmax-casts-7x1000-f16-f32.mlir --stages=softmax-vector
