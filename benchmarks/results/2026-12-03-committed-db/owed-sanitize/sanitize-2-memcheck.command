/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --stages wgmma --dtype f16 --out-dtype f16 --layout nt --shape 1024x5120x5120
