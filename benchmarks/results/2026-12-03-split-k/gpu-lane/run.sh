#!/usr/bin/env bash
# Device run: the GPU lane's matmul-small-m and matmul-layouts tests after
# split-K (32x8192x8192's plan now splits K).
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
PYTHONPATH=$PWD/.whl/lit timeout 200 bash benchmarks/run-gpu-lit.sh $B --filter "GEMM_OPT :: GPU/matmul-(small-m|layouts)" > $O/gpu-lit.txt 2>&1; echo "rc=$?" >> $O/gpu-lit.txt
grep -E "^(PASS|FAIL)|Passed|Failed|rc=" $O/gpu-lit.txt | tail -5
cd $OUT && tar czf r.tgz r && rm -rf r
