#!/usr/bin/env bash
# Session 17 experiment: staging boxes for short K (store-buffers candidates).
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
[ -x $B/gemm-run ] || benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
run() { local name=$1; shift; echo "$*" > $O/$name.command; timeout 150 "$@" > $O/$name.txt 2>&1; echo "rc=$?" >> $O/$name.txt; echo "== $name"; grep -E "PASS|FAIL|winner" $O/$name.txt | tail -30; }
run qk-bf16 gemm-run --tune --tune-max 30 --batch 32 --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128 --stages wgmma --json $O/qk-bf16.json
run b64-bf16 gemm-run --tune --tune-max 16 --batch 64 --layout nt --dtype bf16 --out-dtype bf16 --shape 1024x1024x64 --stages wgmma --json $O/b64-bf16.json
run k256 gemm-run --tune --tune-max 16 --layout nt --dtype bf16 --out-dtype bf16 --shape 8192x8192x256 --stages wgmma --json $O/k256.json
cd $OUT && tar czf r.tgz r && rm -rf r
