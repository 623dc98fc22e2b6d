#!/usr/bin/env bash
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
for cfg in "bf16 nn" "bf16 nt" "f16 nn"; do
  set -- $cfg
  CMD="gemm-run --dynamic --static-peer --sizes 1,3,16,127,512,4097 --shape 4096x6144x4096 --dtype $1 --layout $2 --out-dtype $1 --stages wgmma --json $O/dynamic-$1-$2.json"
  echo "$CMD" > $O/dynamic-$1-$2.command
  $CMD > $O/dynamic-$1-$2.txt 2>&1; echo "rc=$?" >> $O/dynamic-$1-$2.txt
  grep -E "compiled|of the static time|rc=" $O/dynamic-$1-$2.txt
done
PYTHONPATH=$PWD/.whl/lit timeout 300 bash benchmarks/run-gpu-lit.sh $B --filter dynamic > $O/gpu-lit.txt 2>&1; echo "rc=$?" >> $O/gpu-lit.txt
grep -E "^(PASS|FAIL)|Passed|Failed|rc=" $O/gpu-lit.txt | tail -10
S=/usr/local/cuda/bin/compute-sanitizer
CMD="$S --tool memcheck --error-exitcode 9 gemm-run --dynamic --check-only --sizes 1,2,5,13,65,300,2049 --shape 1x999x776 --dtype bf16 --layout nt --epilogue bias,row-scale,gelu --out-dtype bf16 --stages wgmma"
echo "$CMD" > $O/sanitize-memcheck.command
timeout 150 $CMD > $O/sanitize-memcheck.txt 2>&1; echo "rc=$?" >> $O/sanitize-memcheck.txt
grep -E "ERROR SUMMARY|rc=" $O/sanitize-memcheck.txt
cd $OUT && tar czf r.tgz r && rm -rf r
