#!/usr/bin/env bash
# Device run, second part: compute-sanitizer over dynamic batch_matmul
# kernels, two processes at once; then the run owed since the view mend
# (owed-after-mend.sh).
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
S=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck; do
  CMD="$S --tool $tool --error-exitcode 9 gemm-run --dynamic=bmnk --check-only --sizes 1x1x1x1,3x65x33x17,2x300x129x40 --dtype bf16 --layout nt --epilogue bias,residual,gelu --out-dtype bf16 --stages wgmma"
  echo "$CMD" > $O/sanitize-bmnk-$tool.command
  timeout 100 $CMD > $O/sanitize-bmnk-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-bmnk-$tool.txt
  CMD="$S --tool $tool --error-exitcode 9 gemm-run --dynamic=b --check-only --shape 256x256x128 --sizes 1,3 --dtype bf16 --layout nt --out-dtype bf16 --stages mma,wgmma"
  echo "$CMD" > $O/sanitize-b-$tool.command
  timeout 100 $CMD > $O/sanitize-b-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-b-$tool.txt
  grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|rc=" $O/sanitize-b*-$tool.txt
done
A1="--dynamic=b --shape 2048x2048x128 --sizes 1,8,32 --dtype bf16 --layout nt --out-dtype bf16 --stages wgmma --repeat 3"
A2="--dynamic=bmnk --sizes 1x1x1x1,3x1000x999x777 --dtype f16 --stages wgmma --repeat 3"
PER_RUN_TIMEOUT=90 benchmarks/concurrency-check.sh $B 2 "$A1" "$A2" > $O/concurrency-2.txt 2>&1; echo "rc=$?" >> $O/concurrency-2.txt
tail -n 2 $O/concurrency-2.txt
cd $OUT && tar czf r.tgz r && rm -rf r
cd - > /dev/null
mkdir -p $OUT/owed && OUT=$OUT/owed bash benchmarks/results/2026-12-03-dynamic-nk/owed-after-mend.sh
