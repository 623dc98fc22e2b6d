/usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 gemm-run --check-only --batch 70000 --layout nt --shape 32x40x24 --dtype bf16 --stages=wgmma
