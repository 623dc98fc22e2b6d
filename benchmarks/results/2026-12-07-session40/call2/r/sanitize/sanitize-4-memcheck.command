/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --tuning-db= --shape 320x10240x8192
