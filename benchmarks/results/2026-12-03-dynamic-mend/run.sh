#!/usr/bin/env bash
# Device run after the row-clamp/expression mend (5225224): the dynamic-M
# kernels under compute-sanitizer and with two and four processes at once.
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
git rev-parse HEAD > $O/commit.txt 2>/dev/null || true
PYTHONPATH=$PWD/.whl/lit timeout 200 bash benchmarks/run-gpu-lit.sh $B --filter dynamic > $O/gpu-lit.txt 2>&1; echo "rc=$?" >> $O/gpu-lit.txt
grep -E "^(PASS|FAIL)|Passed|Failed|rc=" $O/gpu-lit.txt | tail -10
S=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck; do
  CMD="$S --tool $tool --error-exitcode 9 gemm-run --dynamic --check-only --sizes 1,2,5,13,65,300,2049 --shape 1x999x776 --dtype bf16 --layout nt --epilogue bias,row-scale,gelu --out-dtype bf16 --stages wgmma"
  echo "$CMD" > $O/sanitize-$tool.command
  timeout 200 $CMD > $O/sanitize-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-$tool.txt
  grep -E "ERROR SUMMARY|rc=" $O/sanitize-$tool.txt | tail -3
done
PER_RUN_TIMEOUT=90 benchmarks/concurrency-check.sh $B 4 \
  "--dynamic --sizes 1,5,127,4097 --shape 4096x6144x4096 --dtype bf16 --stages wgmma --repeat 3" \
  "--dynamic --sizes 3,16,300 --shape 1x5120x5120 --layout nt --dtype bf16 --stages wgmma --repeat 3" > $O/concurrency-2.txt 2>&1; echo "rc=$?" >> $O/concurrency-2.txt
PER_RUN_TIMEOUT=120 benchmarks/concurrency-check.sh $B 3 \
  "--dynamic --sizes 1,5,127,4097 --shape 4096x6144x4096 --dtype bf16 --stages wgmma --repeat 3" \
  "--dynamic --sizes 3,16,300 --shape 1x5120x5120 --layout nt --dtype bf16 --stages wgmma --repeat 3" \
  "--dynamic --sizes 2,64,2049 --shape 1x999x776 --dtype bf16 --layout nt --epilogue bias,row-scale,gelu --out-dtype bf16 --stages wgmma --repeat 3" \
  "--dynamic --sizes 8,512 --shape 1x4096x4096 --dtype f16 --stages wgmma --repeat 3" > $O/concurrency-4.txt 2>&1; echo "rc=$?" >> $O/concurrency-4.txt
tail -n 4 $O/concurrency-2.txt $O/concurrency-4.txt
cd $OUT && tar czf r.tgz r && rm -rf r
