python3 benchmarks/prototypes/activation-accuracy.py --json /root/out/r/accuracy.json
