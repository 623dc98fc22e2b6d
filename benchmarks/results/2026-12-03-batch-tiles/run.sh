#!/usr/bin/env bash
# Session 17: the persistent wgmma kernel over every batch entry's tiles;
# staging boxes for short K; checks (GPU lit lane, compute-sanitizer).
set -uo pipefail
start=$(date +%s)
B=/tmp/bin
O=$OUT/r; mkdir -p $O
[ -x $B/gemm-run ] || benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
run() { local name=$1; shift; echo "$*" > $O/$name.command; timeout 120 "$@" > $O/$name.txt 2>&1; echo "rc=$?" >> $O/$name.txt; echo "== $name $(( $(date +%s) - start )) s"; grep -E "FAIL|winner|PASS.*ms|% of" $O/$name.txt | tail -14; }
run qk-bf16 gemm-run --tune --tune-max 10 --batch 32 --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128 --stages wgmma --json $O/qk-bf16.json
run pv-bf16 gemm-run --batch 32 --layout nn --dtype bf16 --out-dtype bf16 --shape 2048x128x2048 --stages mma,wgmma --json $O/pv-bf16.json
run qk-f16 gemm-run --batch 32 --layout nt --dtype f16 --out-dtype f16 --shape 2048x2048x128 --stages wgmma --json $O/qk-f16.json
run b64-bf16 gemm-run --tune --tune-max 6 --batch 64 --layout nt --dtype bf16 --out-dtype bf16 --shape 1024x1024x64 --stages wgmma --json $O/b64-bf16.json
echo "== sanitize"
PER_RUN_TIMEOUT=100 benchmarks/sanitize-runs.sh $B $O/san \
  "--stages wgmma --batch 4 --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128" \
  "--stages wgmma --batch 3 --layout nt --dtype f16 --out-dtype f16 --shape 2048x1000x256" \
  "--stages wgmma --batch 5 --shared-b --layout nn --dtype bf16 --out-dtype bf16 --shape 1024x4096x512"
echo "== gpu lit $(( $(date +%s) - start )) s"
PYTHONPATH=.whl/lit timeout 200 bash benchmarks/run-gpu-lit.sh $B > $O/gpu-lit.log 2>&1; echo "rc=$?" >> $O/gpu-lit.log
grep -E "^(PASS|FAIL|XFAIL|UNSUPPORTED)|Passed|Failed|rc=" $O/gpu-lit.log | tail -40
echo "done $(( $(date +%s) - start )) s"
cd $OUT && tar czf r.tgz r && rm -rf r
