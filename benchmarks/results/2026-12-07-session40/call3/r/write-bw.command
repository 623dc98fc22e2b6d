python3 benchmarks/results/2026-12-07-session39/inputs/write-bandwidth.py
