timeout 45 /usr/local/cuda/bin/compute-sanitizer --tool memcheck /tmp/bin/gemm-run --check-only test/Inputs/batch-matmul-4d-bf16-2x3x130x67x259.mlir --stages=warptile,mma,wgmma
