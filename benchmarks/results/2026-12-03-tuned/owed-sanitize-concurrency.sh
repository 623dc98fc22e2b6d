#!/usr/bin/env bash
# Owed (not run in session 16: its device time was spent): compute-sanitizer
# and concurrent processes over the plans this session's heuristics and
# database choose: the persistent 128x128 kernel with 4 ring slots on blocks
# of several tiles (1024x5120x5120: 320 tiles; the many-wave rule's plan
# too), and a database entry f16 borrows (512x10240x8192: 64x256, one
# consumer warpgroup), with benchmarks/sanitize-runs.sh, then 2 and 4
# gemm-runs at once.
#   bash benchmarks/results/2026-12-03-tuned/owed-sanitize-concurrency.sh   (on the device, $OUT set)
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
A1="--stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 1024x5120x5120"
A2="--stages wgmma --dtype f16 --out-dtype f16 --layout nt --shape 1024x5120x5120"
A3="--stages wgmma --dtype f16 --out-dtype f16 --layout nt --shape 512x10240x8192"
for a in "$A1" "$A2" "$A3"; do gemm-run --compile-only $a; done > $O/plans.txt 2>&1
benchmarks/sanitize-runs.sh $B $O "$A1" "$A2" "$A3"
PER_RUN_TIMEOUT=90 benchmarks/concurrency-check.sh $B 2 "$A1 --repeat 20" "$A3 --repeat 20" > $O/concurrency-2.txt 2>&1; echo "rc=$?" >> $O/concurrency-2.txt
PER_RUN_TIMEOUT=120 benchmarks/concurrency-check.sh $B 2 "$A1 --repeat 20" "$A2 --repeat 20" "$A3 --repeat 20" \
  "--stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 2048x5120x13824 --repeat 10" > $O/concurrency-4.txt 2>&1
echo "rc=$?" >> $O/concurrency-4.txt
tail -n 2 $O/concurrency-2.txt $O/concurrency-4.txt
cd $OUT && tar czf r.tgz r && rm -rf r
