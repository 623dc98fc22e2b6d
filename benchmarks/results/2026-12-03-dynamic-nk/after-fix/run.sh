#!/usr/bin/env bash
# Device run: Python's dynamic kernels (compiled through gemm-run --emit-dir),
# and the dynamic-size kernels with two processes at once.
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
( export GEMM_OPT_BINDIR=$B GEMM_OPT_CACHE=$(mktemp -d) PYTHONPATH=$PWD/python
  timeout 200 python3 -m pytest -v -rs -p no:cacheprovider python/tests/gpu/test_dynamic.py > $O/pytest-dynamic.log 2>&1; echo "rc=$?" >> $O/pytest-dynamic.log )
tail -n 8 $O/pytest-dynamic.log
PYTHONPATH=$PWD/.whl/lit timeout 300 bash benchmarks/run-gpu-lit.sh $B --filter "GPU/matmul-dynamic|GPU/softmax-dynamic|Runtime/dynamic-(aot|reference|manifest)" > $O/gpu-lit.txt 2>&1; echo "rc=$?" >> $O/gpu-lit.txt
grep -E "^(PASS|FAIL)|Passed|Failed|rc=" $O/gpu-lit.txt | tail -10
PER_RUN_TIMEOUT=120 benchmarks/concurrency-check.sh $B 3 \
  "--dynamic=mnk --sizes 1x1x1,1000x999x777,4097x4097x4097 --dtype f32 --stages wgmma --repeat 3" \
  "--dynamic=mnk --sizes 37x5000x33,4097x4097x4097 --dtype bf16 --layout tt --epilogue bias,gelu --out-dtype bf16 --stages wgmma --repeat 3" \
  "test/Inputs/softmax-dynamic-rows-131072xf32.mlir --sizes 1,3,133 --stages softmax-rows --repeat 3" \
  "--dynamic --sizes 1,127,4097 --shape 1x4096x4096 --dtype f32 --stages wgmma --repeat 3" > $O/concurrency-4.txt 2>&1; echo "rc=$?" >> $O/concurrency-4.txt
tail -n 3 $O/concurrency-4.txt
cd $OUT && tar czf r.tgz r && rm -rf r
