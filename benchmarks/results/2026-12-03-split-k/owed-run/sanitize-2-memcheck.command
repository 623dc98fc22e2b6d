/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --stages wgmma --dtype bf16 --layout nn --shape 32x5120x5120
