gemm-run benchmarks/results/2026-12-06-session31/inputs/attention-output-bf16-1x32x2048x128x2048.mlir --stages=wgmma --json /root/out/r/attn-out.json
