#!/usr/bin/env bash
# Device run: modules of several functions (version-4 manifests) through
# gemm-run (GPU lit lane) and Python, under compute-sanitizer, and the owed
# checks after the readsThroughViews mend (sanitizer over the transposed-A
# dynamic M and bmnk kernels; two and four processes).
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
PYTHONPATH=$PWD/.whl/lit timeout 200 bash benchmarks/run-gpu-lit.sh $B --filter "GEMM_OPT :: GPU/multi-(function|op)" > $O/gpu-lit.txt 2>&1; echo "rc=$?" >> $O/gpu-lit.txt
grep -E "^(PASS|FAIL)|Passed|Failed|rc=" $O/gpu-lit.txt | tail -6
( export GEMM_OPT_BINDIR=$B GEMM_OPT_CACHE=$(mktemp -d) PYTHONPATH=$PWD/python
  timeout 120 python3 -m pytest -v -rs -p no:cacheprovider python/tests/gpu/test_functions.py > $O/pytest-functions.log 2>&1; echo "rc=$?" >> $O/pytest-functions.log )
tail -n 4 $O/pytest-functions.log
S=/usr/local/cuda/bin/compute-sanitizer
CMD="$S --tool memcheck --error-exitcode 9 gemm-run test/Inputs/module-dynamic-bf16.mlir --stages wgmma --sizes 1,77,300 --check-only"
echo "$CMD" > $O/sanitize-module.command
timeout 90 $CMD > $O/sanitize-module.txt 2>&1; echo "rc=$?" >> $O/sanitize-module.txt
grep -hE "ERROR SUMMARY|rc=" $O/sanitize-module.txt
mkdir -p $OUT/owed; OUT=$OUT/owed bash benchmarks/results/2026-12-03-dynamic-batch/owed-after-mend.sh 2>&1 | tail -8
cd $OUT && tar czf r.tgz r && rm -rf r
