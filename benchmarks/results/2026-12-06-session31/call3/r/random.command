python3 benchmarks/random-problems.py --seed 31 --count 40 --stages mma,wgmma --gemm-run /tmp/bin/gemm-run --timeout 60 --json /root/out/r/random.json
