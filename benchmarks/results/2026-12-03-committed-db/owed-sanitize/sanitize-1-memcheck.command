/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 1024x5120x5120
