env PYTHONPATH=.whl/lit LIT_FILTER=stream-k|small-m|layouts bash benchmarks/run-gpu-lit.sh /tmp/bin -v
