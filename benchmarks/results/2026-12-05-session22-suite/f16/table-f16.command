python3 benchmarks/suite-table.py now=/root/out/r/suite-f16-nt.json
