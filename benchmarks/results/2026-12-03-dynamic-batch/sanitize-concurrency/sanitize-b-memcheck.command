/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --dynamic=b --check-only --shape 256x256x128 --sizes 1,3 --dtype bf16 --layout nt --out-dtype bf16 --stages mma,wgmma
