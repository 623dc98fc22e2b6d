/usr/local/cuda/bin/compute-sanitizer --tool synccheck --error-exitcode 9 gemm-run --check-only test/Inputs/attention-block-transpose-bf16-2x3x100x72x40.mlir --stages=mma,wgmma --repeat 3
