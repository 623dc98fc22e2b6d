#!/usr/bin/env bash
# GPU lane: matmul-dynamic-nk after its comment fix (a comment held the
# check prefix "M:").
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
PYTHONPATH=$PWD/.whl/lit timeout 400 bash benchmarks/run-gpu-lit.sh $B --filter "GPU/matmul-dynamic-nk" > $O/gpu-lit-nk.txt 2>&1; echo "rc=$?" >> $O/gpu-lit-nk.txt
grep -E "^(PASS|FAIL)|Passed|Failed|rc=" $O/gpu-lit-nk.txt | tail -5
cd $OUT && tar czf r.tgz r && rm -rf r
