/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only test/Inputs/linear-softmax-linear-dynamic-batch3-bf16-256x512x128.mlir --sizes 111 --stages=wgmma
