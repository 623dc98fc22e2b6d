/usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 gemm-run test/Inputs/softmax-dynamic-rows-5000xf32.mlir --check-only --sizes 1,37,300 --stages softmax-rows
