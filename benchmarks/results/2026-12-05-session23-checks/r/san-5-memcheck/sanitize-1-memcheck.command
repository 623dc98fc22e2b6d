/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only test/Inputs/batch-matmul-4d-transposed-f16-2x3x130x67x259.mlir --stages=warptile,mma,wgmma --repeat 3
