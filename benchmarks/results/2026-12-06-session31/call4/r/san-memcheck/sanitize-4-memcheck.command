/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only test/Inputs/mlp-swiglu-dynamic-bf16-999x777.mlir --sizes 1,37,300 --stages=mma,wgmma --repeat 3
