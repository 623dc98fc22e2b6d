/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only test/Inputs/aliased-results-f16.mlir --stages=mma,wgmma
