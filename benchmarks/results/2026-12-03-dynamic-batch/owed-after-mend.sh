#!/usr/bin/env bash
# After the mend: compute-sanitizer over the dynamic-M SIMT kernel with A
# stored K x M and the dynamic batch kernels; two and four processes.
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
S=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck; do
  CMD="$S --tool $tool --error-exitcode 9 gemm-run --dynamic --check-only --shape 1x999x777 --sizes 1,2,65,300 --layout tn --dtype bf16 --out-dtype bf16 --stages wgmma"
  echo "$CMD" > $O/sanitize-tn-$tool.command
  timeout 60 $CMD > $O/sanitize-tn-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-tn-$tool.txt
  CMD="$S --tool $tool --error-exitcode 9 gemm-run --dynamic=bmnk --check-only --sizes 1x1x1x1,3x65x33x17 --dtype bf16 --layout nt --epilogue bias,residual,gelu --out-dtype bf16 --stages wgmma"
  echo "$CMD" > $O/sanitize-bmnk-$tool.command
  timeout 60 $CMD > $O/sanitize-bmnk-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-bmnk-$tool.txt
  grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|rc=" $O/sanitize-*-$tool.txt
done
A1="--dynamic=b --shape 2048x2048x128 --sizes 1,8,32 --dtype bf16 --layout nt --out-dtype bf16 --stages wgmma --repeat 3"
A2="--dynamic=bmnk --sizes 1x1x1x1,3x1000x999x777 --dtype f16 --stages wgmma --repeat 3"
A3="--dynamic --shape 1x999x777 --sizes 1,65,1000 --layout tn --dtype bf16 --out-dtype bf16 --stages wgmma --repeat 3"
A4="--dynamic=b --shape 1000x999x777 --sizes 1,3 --dtype f16 --stages mma,wgmma --repeat 3"
PER_RUN_TIMEOUT=60 benchmarks/concurrency-check.sh $B 2 "$A1" "$A3" > $O/concurrency-2.txt 2>&1; echo "rc=$?" >> $O/concurrency-2.txt
PER_RUN_TIMEOUT=90 benchmarks/concurrency-check.sh $B 2 "$A1" "$A2" "$A3" "$A4" > $O/concurrency-4.txt 2>&1; echo "rc=$?" >> $O/concurrency-4.txt
tail -n 2 $O/concurrency-2.txt $O/concurrency-4.txt
cd $OUT && tar czf r.tgz r && rm -rf r
