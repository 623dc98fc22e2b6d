#!/usr/bin/env bash
# Device run: GPU lit lane, the dynamic-M benchmark, sanitizer and two-process concurrency.
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
# 1. the dynamic benchmark (interleaved against cuBLAS, static compile of each M beside it)
CMD="gemm-run --dynamic --static-peer --sizes 1,3,16,127,512,4097 --shape 4096x6144x4096 --dtype bf16 --out-dtype bf16 --stages wgmma --json $O/dynamic-bf16.json"
echo "$CMD" > $O/dynamic-bf16.command
$CMD > $O/dynamic-bf16.txt 2>&1; echo "rc=$?" >> $O/dynamic-bf16.txt
CMD="gemm-run --dynamic --static-peer --sizes 1,3,16,127,512,4097 --shape 4096x6144x4096 --dtype bf16 --layout nt --out-dtype bf16 --stages wgmma --json $O/dynamic-bf16-nt.json"
echo "$CMD" > $O/dynamic-bf16-nt.command
$CMD > $O/dynamic-bf16-nt.txt 2>&1; echo "rc=$?" >> $O/dynamic-bf16-nt.txt
tail -30 $O/dynamic-bf16.txt
# 2. GPU lit lane
PYTHONPATH=$PWD/.whl/lit timeout 300 bash benchmarks/run-gpu-lit.sh $B > $O/gpu-lit.txt 2>&1; echo "rc=$?" >> $O/gpu-lit.txt
grep -E "^(PASS|FAIL|XFAIL|UNSUP)|Passed|Failed|rc=" $O/gpu-lit.txt | tail -40
# 3. sanitizer on the dynamic kernels
S=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck; do
  CMD="$S --tool $tool --error-exitcode 9 gemm-run --dynamic --check-only --sizes 1,13,65,300,2049 --shape 1x999x776 --dtype bf16 --layout nt --epilogue bias,row-scale,gelu --out-dtype bf16 --stages wgmma"
  echo "$CMD" > $O/sanitize-$tool.command
  timeout 150 $CMD > $O/sanitize-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-$tool.txt
  grep -E "ERROR SUMMARY|PASS|FAIL|rc=" $O/sanitize-$tool.txt | tail -8
done
# 4. two and four processes at once: dynamic kernels, 128x192 few-wave, batched cooperative
PER_RUN_TIMEOUT=90 benchmarks/concurrency-check.sh $B 4 \
  "--dynamic --sizes 1,127,4097 --shape 4096x6144x4096 --dtype bf16 --stages wgmma --repeat 3" \
  "--stages=wgmma --shape 512x5120x5120 --layout nt --dtype bf16 --repeat 3" > $O/concurrency-2.txt 2>&1; echo "rc=$?" >> $O/concurrency-2.txt
PER_RUN_TIMEOUT=120 benchmarks/concurrency-check.sh $B 3 \
  "--dynamic --sizes 1,127,4097 --shape 4096x6144x4096 --dtype bf16 --stages wgmma --repeat 3" \
  "--stages=wgmma --shape 512x5120x5120 --layout nt --dtype bf16 --repeat 3" \
  "--stages=wgmma --batch 33 --shape 256x1024x128 --layout nt --dtype bf16 --repeat 3" \
  "--stages=wgmma --shape 4096x4096x4096 --dtype bf16 --epilogue bias,gelu --out-dtype bf16 --repeat 3" > $O/concurrency-4.txt 2>&1; echo "rc=$?" >> $O/concurrency-4.txt
tail -3 $O/concurrency-2.txt $O/concurrency-4.txt
cd $OUT && tar czf r.tgz r && rm -rf r
