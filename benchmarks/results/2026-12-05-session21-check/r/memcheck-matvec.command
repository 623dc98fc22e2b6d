timeout 45 /usr/local/cuda/bin/compute-sanitizer --tool memcheck /tmp/bin/gemm-run --check-only test/Inputs/matvec-bf16-999x777.mlir --stages=naive,mma,wgmma
