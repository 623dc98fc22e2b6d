/usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 gemm-run --check-only --layout nt --shape 300x8192x8192 --dtype bf16 --out-dtype bf16 --stages=wgmma
