/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only test/Inputs/attention-mask-f16-2x3x130x67x72.mlir --stages=naive,warptile,mma,wgmma --repeat 2
