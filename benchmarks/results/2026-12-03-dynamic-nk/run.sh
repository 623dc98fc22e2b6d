#!/usr/bin/env bash
# Device run: matmuls with a dynamic N and K (and M) on the SIMT kernel that
# takes every size at run time; dynamic-M f32 (SIMT variants).
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
for d in f32 f16; do
  run all-dynamic-$d --dynamic=mnk --dtype $d --stages wgmma --sizes 1x1x1,1000x999x777,4097x4097x4097
done
run all-dynamic-bf16-tt-epilogue --dynamic=mnk --dtype bf16 --layout tt --epilogue bias,row-scale,gelu --out-dtype bf16 --stages wgmma --sizes 1x1x1,37x5000x33,1000x999x777
run dynamic-nk-f32-nt --dynamic=nk --shape 300x1x1 --dtype f32 --layout nt --epilogue bias,relu --stages wgmma --sizes 999x777,64x4096,1x3
run dynamic-k-bf16-nt --dynamic=k --shape 127x4096x1 --dtype bf16 --layout nt --epilogue bias,residual --out-dtype bf16 --stages wgmma --sizes 1,7,4096,4097
run dynamic-m-f32 --dynamic --shape 1x4096x4096 --dtype f32 --stages wgmma --static-peer --sizes 1,3,127,1000,4097
run dynamic-m-f32-nt --dynamic --shape 1x999x777 --dtype f32 --layout nt --stages wgmma --sizes 1,2,65,1000
run dynamic-mnk-warptile --dynamic=mnk --dtype f32 --stages warptile,multibuffer --sizes 1x1x1,1000x999x777
PYTHONPATH=$PWD/.whl/lit timeout 300 bash benchmarks/run-gpu-lit.sh $B --filter "GPU/matmul-dynamic|GPU/softmax-dynamic|Runtime/dynamic-(aot|reference|manifest)" > $O/gpu-lit.txt 2>&1; echo "rc=$?" >> $O/gpu-lit.txt
grep -E "^(PASS|FAIL)|Passed|Failed|rc=" $O/gpu-lit.txt | tail -10
( export GEMM_OPT_BINDIR=$B GEMM_OPT_CACHE=$(mktemp -d) PYTHONPATH=$PWD/python
  timeout 200 python3 -m pytest -v -rs -p no:cacheprovider python/tests/gpu/test_dynamic.py > $O/pytest-dynamic.log 2>&1; echo "rc=$?" >> $O/pytest-dynamic.log )
tail -n 12 $O/pytest-dynamic.log
for spec in "5000xf32 1,37,4096" "32768xf16 1,37,4096" "32768xf32 1,37,4096" "1xbf16 1,37,4099" "131072xf32 1,3,133"; do
  set -- $spec; [ -f test/Inputs/softmax-dynamic-rows-$1.mlir ] || continue
  run softmax-rows-$1 test/Inputs/softmax-dynamic-rows-$1.mlir --sizes $2 --stages softmax-rows
done
S=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck; do
  CMD="$S --tool $tool --error-exitcode 9 gemm-run --dynamic=mnk --check-only --sizes 1x1x1,33x65x17,1000x999x777 --dtype bf16 --layout tn --epilogue bias,row-scale,residual,gelu --out-dtype bf16 --stages wgmma"
  echo "$CMD" > $O/sanitize-$tool.command
  timeout 200 $CMD > $O/sanitize-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-$tool.txt
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|rc=" $O/sanitize-$tool.txt | tail -n 3
  CMD="$S --tool $tool --error-exitcode 9 gemm-run test/Inputs/softmax-dynamic-rows-5000xf32.mlir --check-only --sizes 1,37,300 --stages softmax-rows"
  echo "$CMD" > $O/sanitize-softmax-$tool.command
  timeout 100 $CMD > $O/sanitize-softmax-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-softmax-$tool.txt
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|rc=" $O/sanitize-softmax-$tool.txt | tail -n 3
done
cd $OUT && tar czf r.tgz r && rm -rf r
