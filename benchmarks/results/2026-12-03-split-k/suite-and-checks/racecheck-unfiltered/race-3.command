/usr/local/cuda/bin/compute-sanitizer --tool racecheck --kernel-name kns=matmul --error-exitcode 9 gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 512x4096x4096
