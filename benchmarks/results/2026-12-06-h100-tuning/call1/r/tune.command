bash benchmarks/run-tune.sh /tmp/bin $O/tune-db benchmarks/suites/llm-layers.txt 6 (M_LIST='512 2048 8192' OUT_DTYPE=bf16)
