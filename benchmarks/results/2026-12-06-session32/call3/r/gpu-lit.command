env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh /tmp/bin --filter GPU/(shared-matmul|softmax-casts|attention-softmax)
