/usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 gemm-run --check-only --stages wgmma --dtype f16 --layout nn --shape 64x4104x4097
