/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --dtype bf16 --out-dtype bf16 --layout nt --shape 300x8192x8192 --stages=wgmma --repeat 3 --tuning-db=
