#!/usr/bin/env bash
# Device run after the view mend: the dynamic kernels with two and four
# processes at once, and compute-sanitizer over the dynamic-column softmax
# and the M, N, K SIMT kernel.
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
S=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck; do
  CMD="$S --tool $tool --error-exitcode 9 gemm-run test/Inputs/softmax-dynamic-bf16.mlir --check-only --sizes 1x1,37x5000,3x40000 --stages softmax-rows"
  echo "$CMD" > $O/sanitize-softmax-$tool.command
  timeout 60 $CMD > $O/sanitize-softmax-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-softmax-$tool.txt
  CMD="$S --tool $tool --error-exitcode 9 gemm-run --dynamic=mnk --check-only --sizes 1x1x1,33x65x17,300x257x129 --dtype f32 --layout nt --epilogue bias,relu --stages wgmma"
  echo "$CMD" > $O/sanitize-mnk-$tool.command
  timeout 60 $CMD > $O/sanitize-mnk-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-mnk-$tool.txt
  grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|rc=" $O/sanitize-*-$tool.txt
done
A1="test/Inputs/softmax-dynamic-f32.mlir --sizes 1x1,37x5000,4096x32768 --stages softmax-rows --repeat 3"
A2="--dynamic=mnk --sizes 1x1x1,1000x999x777,4097x4097x4097 --dtype f16 --stages wgmma --repeat 3"
PER_RUN_TIMEOUT=60 benchmarks/concurrency-check.sh $B 2 "$A1" "$A2" > $O/concurrency-2.txt 2>&1; echo "rc=$?" >> $O/concurrency-2.txt
PER_RUN_TIMEOUT=90 benchmarks/concurrency-check.sh $B 2 "$A1" "$A2" \
  "--dynamic --shape 1x999x777 --sizes 1,5,1000 --dtype bf16 --out-dtype bf16 --stages wgmma --repeat 3" \
  "test/Inputs/softmax-dynamic-rows-131072xf32.mlir --sizes 1,3,133 --stages softmax-rows --repeat 3" > $O/concurrency-4.txt 2>&1; echo "rc=$?" >> $O/concurrency-4.txt
tail -n 2 $O/concurrency-2.txt $O/concurrency-4.txt
cd $OUT && tar czf r.tgz r && rm -rf r
