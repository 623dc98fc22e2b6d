timeout 45 /usr/local/cuda/bin/compute-sanitizer --tool memcheck /tmp/bin/gemm-run --check-only test/Inputs/batch-vecmat-f16-3x777x130.mlir --stages=warptile,mma,wgmma
