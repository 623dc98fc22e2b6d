/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --dynamic --check-only --shape 1x999x777 --sizes 1,2,65,300 --layout tn --dtype bf16 --out-dtype bf16 --stages wgmma
