/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only test/Inputs/batch-result-transpose-f16-3x130x67x259.mlir --stages=warptile,mma,wgmma --repeat 3
