/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --stages wgmma --batch 5 --layout nt --dtype bf16 --out-dtype bf16 --shape 1024x1000x64
