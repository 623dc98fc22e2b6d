/usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 gemm-run --check-only test/Inputs/linear-bias-relu-transposed-bf16-1000x999x777.mlir --stages=warptile,mma,wgmma --repeat 3
