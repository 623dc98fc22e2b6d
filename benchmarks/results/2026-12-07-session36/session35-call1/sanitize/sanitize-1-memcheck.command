/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --shape 1000x999x777 --dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,gelu --stages=wgmma
