#!/usr/bin/env bash
set -uo pipefail
B=/tmp/bin; O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > /dev/null 2>&1 || exit 1
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
CMD="gemm-run --dynamic --static-peer --sizes 2,3,4,8,9,12,16 --shape 4096x6144x4096 --dtype bf16 --layout nn --out-dtype bf16 --stages wgmma --json $O/swap-ab-nn.json"
echo "$CMD" > $O/swap-ab-nn.command; $CMD > $O/swap-ab-nn.txt 2>&1
grep "of the static" $O/swap-ab-nn.txt
CMD="gemm-run --dynamic --static-peer --sizes 9,12,16 --shape 4096x6144x4096 --dtype bf16 --layout nt --out-dtype bf16 --stages wgmma --json $O/swap-ab-nt.json"
echo "$CMD" > $O/swap-ab-nt.command; $CMD > $O/swap-ab-nt.txt 2>&1
grep "of the static" $O/swap-ab-nt.txt
cd $OUT && tar czf r.tgz r && rm -rf r
