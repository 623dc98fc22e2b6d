/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only test/Inputs/attention-output-bias-bf16-2x3x100x40x72.mlir --stages=warptile,mma,wgmma
