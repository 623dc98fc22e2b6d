timeout 55 /usr/local/cuda/bin/compute-sanitizer --tool memcheck /tmp/bin/gemm-run --check-only test/Inputs/attention-4d-f16-2x3x130x67x72.mlir --stages=warptile,mma,wgmma
