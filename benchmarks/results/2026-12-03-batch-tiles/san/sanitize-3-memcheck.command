/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 gemm-run --check-only --stages wgmma --batch 5 --shared-b --layout nn --dtype bf16 --out-dtype bf16 --shape 1024x4096x512
