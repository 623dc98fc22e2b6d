env BUDGET=530 REPEAT=20 M_LIST=1 8 32 bash benchmarks/run-tune.sh /tmp/bin /root/out/r/tune-db benchmarks/suites/llm-layers.txt 4
