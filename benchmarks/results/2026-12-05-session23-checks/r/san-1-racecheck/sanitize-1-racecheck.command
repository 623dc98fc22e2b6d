/usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 gemm-run --check-only --stages=reg1d --shape 1000x999x777 --dtype bf16 --repeat 3
