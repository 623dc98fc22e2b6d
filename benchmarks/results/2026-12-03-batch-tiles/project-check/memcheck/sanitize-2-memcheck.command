/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --stages wgmma --batch 8 --layout nt --dtype f16 --out-dtype f16 --shape 1024x1000x64
