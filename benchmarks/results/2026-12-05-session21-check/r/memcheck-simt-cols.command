timeout 35 /usr/local/cuda/bin/compute-sanitizer --tool memcheck /tmp/bin/gemm-run --check-only --stages=vector,warptile --shape 1024x1000x520 --dtype f32 --layout nt
