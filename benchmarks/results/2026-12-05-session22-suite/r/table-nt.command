python3 benchmarks/suite-table.py now=/root/out/r/suite-bf16-nt.json --peer /root/out/r/triton-nt.json --ahead-of
