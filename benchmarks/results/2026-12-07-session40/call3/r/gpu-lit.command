env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh /tmp/bin --filter GPU/(matmul-batch|matmul-mma|matmul-wgmma-swap-ab)
