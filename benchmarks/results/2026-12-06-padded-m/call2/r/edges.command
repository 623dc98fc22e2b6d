bash -c 
gemm-run --shape 100x1000x776 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --epilogue bias,row-scale,beta=0.5,gelu --tuning-db benchmarks/results/2026-12-06-padded-m/inputs/swap-edges.jsonl --repeat 3;
gemm-run --shape 257x4100x1032 --dtype f16 --out-dtype f32 --layout nt --stages=wgmma --epilogue bias,relu --tuning-db benchmarks/results/2026-12-06-padded-m/inputs/swap-edges.jsonl --repeat 3;
gemm-run --shape 1x4096x4096 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --epilogue bias,silu --tuning-db benchmarks/results/2026-12-06-padded-m/inputs/swap-edges.jsonl --repeat 3;
gemm-run --shape 130x2048x1024 --dtype bf16 --out-dtype f32 --layout nt --stages=wgmma --epilogue residual,row-scale --tuning-db benchmarks/results/2026-12-06-padded-m/inputs/swap-edges.jsonl --repeat 3;
gemm-run --shape 300x8192x8192 --dtype f16 --out-dtype f16 --layout nt --stages=wgmma --repeat 3
