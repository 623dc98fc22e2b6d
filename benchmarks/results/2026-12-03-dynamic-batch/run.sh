#!/usr/bin/env bash
# Device run: batch_matmuls with dynamic sizes (dynamic batch count on the
# tensor-core kernels; dynamic M, N, K on the SIMT kernel), against the
# static compile and cuBLAS strided batched; GPU lane; sanitizer; two
# processes. Then the run owed since the view mend (owed-after-mend.sh).
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
run() { # name, args...
  local name=$1; shift
  echo "gemm-run $*" > $O/$name.command
  timeout 240 gemm-run "$@" --json $O/$name.json > $O/$name.txt 2>&1; echo "rc=$?" >> $O/$name.txt
  echo "== $name"; grep -E "PASS|FAIL|error|rc=" $O/$name.txt | grep -v "^ *remark" | cut -c1-200 | tail -8
}
# Attention at 2048 tokens, head dimension 128, C in bf16: the count of
# heads x sequences dynamic, and the static compile of 32 entries.
run qk-dynamic-batch --dynamic=b --shape 2048x2048x128 --dtype bf16 --layout nt --out-dtype bf16 --stages wgmma --sizes 1,8,32,64
run qk-static-32 --batch 32 --shape 2048x2048x128 --dtype bf16 --layout nt --out-dtype bf16 --stages wgmma
run pv-dynamic-batch --dynamic=b --shape 2048x128x2048 --dtype bf16 --out-dtype bf16 --stages wgmma --sizes 1,8,32,64
run pv-static-32 --batch 32 --shape 2048x128x2048 --dtype bf16 --out-dtype bf16 --stages wgmma
run all-dynamic-batch-f16 --dynamic=bmnk --dtype f16 --stages wgmma --sizes 1x1x1x1,3x1000x999x777,2x4097x4097x4097
PYTHONPATH=$PWD/.whl/lit timeout 400 bash benchmarks/run-gpu-lit.sh $B --filter "GPU/matmul-dynamic-batch|GPU/matmul-dynamic-nk|GPU/matmul-batch-generic|Runtime/dynamic-(aot|reference|manifest)" > $O/gpu-lit.txt 2>&1; echo "rc=$?" >> $O/gpu-lit.txt
grep -E "^(PASS|FAIL)|Passed|Failed|rc=" $O/gpu-lit.txt | tail -10
( export GEMM_OPT_BINDIR=$B GEMM_OPT_CACHE=$(mktemp -d) PYTHONPATH=$PWD/python
  timeout 200 python3 -m pytest -v -rs -p no:cacheprovider python/tests/gpu/test_dynamic.py > $O/pytest-dynamic.log 2>&1; echo "rc=$?" >> $O/pytest-dynamic.log )
tail -n 8 $O/pytest-dynamic.log
cd $OUT && tar czf r.tgz r && rm -rf r
