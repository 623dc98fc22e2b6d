timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool synccheck /tmp/bin/gemm-run --dynamic --sizes 5,300 --shape 1x999x776 --dtype f16 --layout nt --out-dtype f16 --stages mma --repeat 1
