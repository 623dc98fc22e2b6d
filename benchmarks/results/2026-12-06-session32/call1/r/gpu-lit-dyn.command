env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh /tmp/bin --filter multi-op-dynamic|matmul-dynamic|softmax-dynamic
