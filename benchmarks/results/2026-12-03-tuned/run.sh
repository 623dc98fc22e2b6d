#!/usr/bin/env bash
# Device run after the tuning sweep: the committed database (default) and
# the heuristics' 128x128 changes. In order of need, each step skipped when
# the call's time is short: the suite bf16, the squares (heuristic against
# the 128x256 plan, interleaved, via --tune), unseen M bf16, the suite f16,
# unseen M f16, then the GPU lane's wgmma tests.
set -uo pipefail
start=$(date +%s)
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
left() { echo $(( start + 530 - $(date +%s) )); }
step() { # name need_s cmd...
  local name=$1 need=$2; shift 2
  if [ "$(left)" -lt "$need" ]; then echo "SKIP $name ($(left) s left)"; return; fi
  echo "$*" > $O/$name.command
  local t0=$(date +%s)
  timeout $(( $(left) - 5 )) "$@" > $O/$name.txt 2>&1; local rc=$?
  echo "rc=$rc" >> $O/$name.txt
  echo "== $name rc=$rc $(( $(date +%s) - t0 )) s"
  grep -iE "geomean|worst|winner" $O/$name.txt | tail -12
}
step suite-bf16-nt 120 gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite-bf16-nt.json
for s in 4096x4096x4096 8192x8192x8192 4097x4097x4097; do
  step square-f16-$s 40 gemm-run --tune --tune-max 3 --stages wgmma --dtype f16 --shape $s --json $O/square-f16-$s.json
done
step unseen-bf16 90 env UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh $B $O/unseen
step suite-f16-nt 120 gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype f16 --out-dtype f16 --layout nt --json $O/suite-f16-nt.json
step unseen-f16 90 env UNSEEN_DTYPES=f16 bash benchmarks/run-unseen-m.sh $B $O/unseen
for s in 8192x8192x8192 4096x4096x4096; do
  step square-bf16-$s 40 gemm-run --tune --tune-max 3 --stages wgmma --dtype bf16 --shape $s --json $O/square-bf16-$s.json
done
echo "done with $(left) s left"
cd $OUT && tar czf r.tgz r && rm -rf r
