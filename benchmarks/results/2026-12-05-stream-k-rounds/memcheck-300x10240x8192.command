timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck /tmp/bin/gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 300x10240x8192
