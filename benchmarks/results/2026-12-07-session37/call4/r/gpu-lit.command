env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh /tmp/bin --filter GPU/(matmul-wgmma-cluster|matmul-epilogue|matmul-wgmma-swap-ab)
