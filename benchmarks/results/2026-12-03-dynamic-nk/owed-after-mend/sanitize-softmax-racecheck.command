/usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 gemm-run test/Inputs/softmax-dynamic-bf16.mlir --check-only --sizes 1x1,37x5000,3x40000 --stages softmax-rows
