#!/usr/bin/env bash
set -uo pipefail
B=/tmp/bin
mkdir -p $OUT/r
benchmarks/unpack-bundle.sh .bundle $B > $OUT/r/unpack.log 2>&1 || { cat $OUT/r/unpack.log; exit 1; }
bash benchmarks/run-unseen-m.sh $B $OUT/r
cd $OUT && tar czf r.tgz r && rm -rf r
