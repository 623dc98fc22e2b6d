env BUDGET=426 M_LIST=512 bash benchmarks/run-tune.sh /tmp/bin /root/out/r/tune-bf16 benchmarks/suites/llm-layers.txt 6
