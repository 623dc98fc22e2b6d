timeout 35 /usr/local/cuda/bin/compute-sanitizer --tool synccheck /tmp/bin/gemm-run --check-only --stages=smem,warptile --shape 1000x999x777 --dtype bf16 --out-dtype bf16
