/usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 gemm-run --check-only --stages wgmma --batch 3 --layout nt --dtype f16 --out-dtype f16 --shape 2048x1000x256
