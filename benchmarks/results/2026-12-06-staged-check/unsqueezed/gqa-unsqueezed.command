/tmp/bin/gemm-run benchmarks/results/2026-12-06-staged-check/gqa-unsqueezed-bf16-2x8x2x130x67x72.mlir --stages=naive,warptile,mma,wgmma --repeat 3
