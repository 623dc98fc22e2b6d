#!/usr/bin/env bash
# Session 17: the suite with the database as committed (bf16, f16) and
# 4097^3 after the many-wave guard.
set -uo pipefail
start=$(date +%s)
B=/tmp/bin
O=$OUT/r; mkdir -p $O
[ -x $B/gemm-run ] || benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
left() { echo $(( start + ${BUDGET:-560} - $(date +%s) )); }
step() { # name need_s cmd...
  local name=$1 need=$2; shift 2
  if [ "$(left)" -lt "$need" ]; then echo "SKIP $name ($(left) s left)"; return; fi
  echo "$*" > $O/$name.command
  local t0=$(date +%s)
  timeout $(( $(left) - 5 )) "$@" > $O/$name.txt 2>&1; local rc=$?
  echo "rc=$rc" >> $O/$name.txt
  echo "== $name rc=$rc $(( $(date +%s) - t0 )) s"
  grep -iE "geomean|worst|winner|all " $O/$name.txt | tail -12
}
for st in ${STEPS:-suite-bf16 suite-f16 square}; do
  case $st in
  suite-bf16) step suite-bf16-nt 120 gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite-bf16-nt.json ;;
  suite-f16) step suite-f16-nt 120 gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype f16 --out-dtype f16 --layout nt --json $O/suite-f16-nt.json ;;
  square) step square-f16-4097 40 gemm-run --tune --tune-max 2 --stages wgmma --dtype f16 --shape 4097x4097x4097 --json $O/square-f16-4097.json ;;
  unseen-bf16) step unseen-bf16 90 env UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh $B $O/unseen ;;
  unseen-f16) step unseen-f16 90 env UNSEEN_DTYPES=f16 bash benchmarks/run-unseen-m.sh $B $O/unseen ;;
  esac
done
echo "done with $(left) s left"
cd $OUT && tar czf r.tgz r && rm -rf r
