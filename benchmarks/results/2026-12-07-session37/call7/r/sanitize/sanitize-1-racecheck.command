/usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 gemm-run --check-only --dtype bf16 --out-dtype bf16 --layout nt --shape 512x5120x5120 --stages=wgmma --tuning-db=
