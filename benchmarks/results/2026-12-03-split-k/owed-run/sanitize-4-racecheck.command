/usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 gemm-run --check-only test/Inputs/module-dynamic-bf16.mlir --stages wgmma --sizes 1,77,300
