env BUDGET=160 OUT_DTYPE=bf16 bash benchmarks/run-tune.sh /tmp/bin /root/out/r/retune benchmarks/results/2026-12-06-h100-tuning/inputs/retune.txt 6
