env BUDGET=389 M_LIST=300 bash benchmarks/run-tune.sh /tmp/bin /root/out/r/tune-300 benchmarks/suites/llm-layers-unseen-m.txt 10
