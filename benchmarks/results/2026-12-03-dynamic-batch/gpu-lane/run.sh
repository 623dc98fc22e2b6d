#!/usr/bin/env bash
# The whole GPU lit lane after the dynamic batch_matmul, batched
# contraction and transposed-A dynamic M changes.
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
PYTHONPATH=$PWD/.whl/lit timeout 540 bash benchmarks/run-gpu-lit.sh $B --filter "GPU/|Runtime/dynamic-(aot|reference|manifest)" > $O/gpu-lit-all.txt 2>&1; echo "rc=$?" >> $O/gpu-lit-all.txt
grep -E "^(PASS|FAIL)|Passed|Failed|rc=" $O/gpu-lit-all.txt | tail -40
cd $OUT && tar czf r.tgz r && rm -rf r
