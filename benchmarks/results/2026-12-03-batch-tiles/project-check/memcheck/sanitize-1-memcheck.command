/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --stages wgmma --batch 4 --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128
