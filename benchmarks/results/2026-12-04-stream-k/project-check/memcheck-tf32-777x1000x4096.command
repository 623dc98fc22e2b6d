/usr/local/cuda/bin/compute-sanitizer --tool memcheck /tmp/bin/gemm-run --check-only --stages wgmma --dtype f32 --tf32 --layout nt --shape 777x1000x4096 --tuning-db test/GPU/Inputs/stream-k-db.jsonl
