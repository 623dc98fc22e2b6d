gemm-run benchmarks/results/2026-12-06-session31/inputs/swap-ab-rowscale-residual-f32-300x8192x8192.mlir --stages=wgmma --json /root/out/r/swap-res-f32.json
