/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only test/Inputs/attention-mask-dynamic-batch-bf16-130x67x72.mlir --sizes 5 --stages=wgmma
