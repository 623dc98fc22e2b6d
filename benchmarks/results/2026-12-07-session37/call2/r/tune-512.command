env BUDGET=270 M_LIST=512 bash benchmarks/run-tune.sh /tmp/bin /root/out/r/tune-512 benchmarks/suites/llm-layers.txt 10
