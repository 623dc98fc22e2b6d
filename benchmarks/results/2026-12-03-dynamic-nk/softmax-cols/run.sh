#!/usr/bin/env bash
# Device run: softmax with dynamic rows and columns.
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
for d in f32 f16 bf16; do
  CMD="gemm-run test/Inputs/softmax-dynamic-$d.mlir --sizes 1x1,37x5000,4096x32768 --stages softmax-rows --json $O/softmax-dynamic-$d.json"
  echo "$CMD" > $O/softmax-dynamic-$d.command
  timeout 120 $CMD > $O/softmax-dynamic-$d.txt 2>&1; echo "rc=$?" >> $O/softmax-dynamic-$d.txt
  grep -E "PASS|FAIL|error|rc=" $O/softmax-dynamic-$d.txt | tail -n 4
done
PYTHONPATH=$PWD/.whl/lit timeout 300 bash benchmarks/run-gpu-lit.sh $B --filter "GPU/softmax-dynamic|GPU/matmul-dynamic" > $O/gpu-lit.txt 2>&1; echo "rc=$?" >> $O/gpu-lit.txt
grep -E "^(PASS|FAIL)|Passed|Failed|rc=" $O/gpu-lit.txt | tail -8
S=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck; do
  CMD="$S --tool $tool --error-exitcode 9 gemm-run test/Inputs/softmax-dynamic-f32.mlir --check-only --sizes 1x1,37x5000,5x33 --stages softmax-rows"
  echo "$CMD" > $O/sanitize-$tool.command
  timeout 100 $CMD > $O/sanitize-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-$tool.txt
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|rc=" $O/sanitize-$tool.txt | tail -n 2
done
cd $OUT && tar czf r.tgz r && rm -rf r
