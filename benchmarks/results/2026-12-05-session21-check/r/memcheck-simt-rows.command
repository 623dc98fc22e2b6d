timeout 45 /usr/local/cuda/bin/compute-sanitizer --tool memcheck /tmp/bin/gemm-run --check-only --stages=reg2d,vector,swizzle,multibuffer,warptile --shape 1000x1024x512 --dtype f32
