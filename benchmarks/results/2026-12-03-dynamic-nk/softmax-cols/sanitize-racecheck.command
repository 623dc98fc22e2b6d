/usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 gemm-run test/Inputs/softmax-dynamic-f32.mlir --check-only --sizes 1x1,37x5000,5x33 --stages softmax-rows
