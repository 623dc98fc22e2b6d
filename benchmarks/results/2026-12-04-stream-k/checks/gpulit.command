env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh /tmp/bin --filter stream-k|split-k|wgmma.test
