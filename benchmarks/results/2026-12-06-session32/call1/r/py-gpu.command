env GEMM_OPT_BINDIR=/tmp/bin GEMM_OPT_CACHE=/tmp/goc PYTHONPATH=python python3 -m pytest python/tests/gpu -v -rs -p no:cacheprovider
