/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only test/Inputs/attention-output-f16-2x3x100x40x77.mlir --stages=warptile,mma --repeat 3
