gemm-run benchmarks/results/2026-12-06-session31/inputs/mlp-swiglu-dynamic-bf16-11008x4096.mlir --sizes 1,37,300,2048 --stages wgmma --repeat 10 --json /root/out/r/mlp-dyn.json
