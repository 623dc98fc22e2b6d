#!/usr/bin/env bash
# Session 17, final: the heuristics' plans (128x128 over two K tiles, every
# batch entry's tiles in one persistent grid) against cuBLAS, interleaved.
set -uo pipefail
start=$(date +%s)
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
run() { local name=$1; shift; echo "$*" > $O/$name.command; timeout 100 "$@" > $O/$name.txt 2>&1; echo "rc=$?" >> $O/$name.txt; echo "== $name $(( $(date +%s) - start )) s"; grep -E "FAIL|PASS" $O/$name.txt | tail -4; }
run qk-bf16 gemm-run --batch 32 --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128 --stages wgmma --repeat 50 --json $O/qk-bf16.json
run pv-bf16 gemm-run --batch 32 --layout nn --dtype bf16 --out-dtype bf16 --shape 2048x128x2048 --stages wgmma --repeat 50 --json $O/pv-bf16.json
run qk-f16 gemm-run --batch 32 --layout nt --dtype f16 --out-dtype f16 --shape 2048x2048x128 --stages wgmma --repeat 50 --json $O/qk-f16.json
run pv-f16 gemm-run --batch 32 --layout nn --dtype f16 --out-dtype f16 --shape 2048x128x2048 --stages wgmma --repeat 50 --json $O/pv-f16.json
run b8-k128 gemm-run --batch 8 --layout nt --dtype bf16 --out-dtype bf16 --shape 4096x4096x128 --stages wgmma --repeat 50 --json $O/b8-k128.json
run k128 gemm-run --layout nt --dtype bf16 --out-dtype bf16 --shape 8192x8192x128 --stages wgmma --repeat 50 --json $O/k128.json
TOOLS=memcheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san "--stages wgmma --batch 4 --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128"
python3 - <<'PY' $O
import json, sys, glob, os
for f in sorted(glob.glob(sys.argv[1] + '/*.json')):
    for x in json.load(open(f))['stages']:
        print(os.path.basename(f), x['stage'], x['status'], round(x['ms_interleaved'], 4), round(x['cublas_ms_interleaved'], 4), round(x['pct_cublas_interleaved'], 1))
PY
echo "done $(( $(date +%s) - start )) s"
cd $OUT && tar czf r.tgz r && rm -rf r
