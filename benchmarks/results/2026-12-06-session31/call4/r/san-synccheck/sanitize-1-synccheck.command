/usr/local/cuda/bin/compute-sanitizer --tool synccheck --error-exitcode 9 gemm-run --check-only test/Inputs/attention-gqa-causal-bf16-2x8x2x130x67x72.mlir --stages=mma,wgmma --repeat 3
