#!/usr/bin/env bash
# Session 17: one K tile -> persistent 64x128, one consumer warpgroup.
set -uo pipefail
start=$(date +%s)
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
run() { local name=$1; shift; echo "$*" > $O/$name.command; timeout 100 "$@" > $O/$name.txt 2>&1; echo "rc=$?" >> $O/$name.txt; echo "== $name $(( $(date +%s) - start )) s"; grep -E "FAIL|PASS" $O/$name.txt | tail -3; }
run b64-k64 gemm-run --batch 64 --layout nt --dtype bf16 --out-dtype bf16 --shape 1024x1024x64 --stages wgmma --repeat 50 --json $O/b64-k64.json
run b16-k64 gemm-run --batch 16 --layout nt --dtype bf16 --out-dtype bf16 --shape 4096x4096x64 --stages wgmma --repeat 50 --json $O/b16-k64.json
run k64 gemm-run --layout nt --dtype bf16 --out-dtype bf16 --shape 8192x8192x64 --stages wgmma --repeat 50 --json $O/k64.json
run b16-k64-f16 gemm-run --batch 16 --layout nt --dtype f16 --out-dtype f16 --shape 4096x4096x64 --stages wgmma --repeat 50 --json $O/b16-k64-f16.json
TOOLS=memcheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san "--stages wgmma --batch 5 --layout nt --dtype bf16 --out-dtype bf16 --shape 1024x1000x64"
python3 - <<'PY' $O
import json, sys, glob, os
for f in sorted(glob.glob(sys.argv[1] + '/*.json')):
    for x in json.load(open(f))['stages']:
        print(os.path.basename(f), x['stage'], x['status'], round(x['ms_interleaved'], 4), round(x['cublas_ms_interleaved'], 4), round(x['pct_cublas_interleaved'], 1))
PY
echo "done $(( $(date +%s) - start )) s"
cd $OUT && tar czf r.tgz r && rm -rf r
