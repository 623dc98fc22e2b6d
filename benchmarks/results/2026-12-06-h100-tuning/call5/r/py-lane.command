bash benchmarks/run-python-gpu.sh /tmp/bin /root/out/r/py
