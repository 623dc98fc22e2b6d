/usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 gemm-run --check-only test/Inputs/mlp-swiglu-bf16-37x999x777.mlir --stages=naive,warptile,mma,wgmma --repeat 2
