timeout 40 /usr/local/cuda/bin/compute-sanitizer --tool racecheck /tmp/bin/gemm-run --check-only --stages=vector,multibuffer,warptile --shape 1000x1024x512 --dtype f32
