env GEMM_OPT_RUNTIME_LIB=/tmp/bin/libgemm_opt_runtime.so python3 benchmarks/results/2026-12-07-session36/diag-cluster.py
