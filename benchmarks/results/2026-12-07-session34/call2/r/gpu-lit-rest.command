env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh /tmp/bin --filter-out GPU/(matmul-epilogue|matmul-wgmma-block-n|softmax-casts|multi-op-dynamic)
