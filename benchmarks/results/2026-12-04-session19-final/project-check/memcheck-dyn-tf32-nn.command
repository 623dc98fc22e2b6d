timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck /tmp/bin/gemm-run --dynamic --sizes 65 --shape 1x1000x776 --dtype f32 --tf32 --layout nn --stages wgmma --repeat 1
