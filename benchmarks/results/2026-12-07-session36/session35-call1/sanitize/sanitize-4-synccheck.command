/usr/local/cuda/bin/compute-sanitizer --tool synccheck --error-exitcode 9 gemm-run --check-only test/Inputs/attention-dynamic-batch-bf16-130x67x72.mlir --sizes 3 --stages=softmax-rows
