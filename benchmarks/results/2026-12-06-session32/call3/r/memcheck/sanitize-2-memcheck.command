/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only test/Inputs/attention-hf-casts-f16-2x3x130x67x72.mlir --stages=wgmma
