#!/usr/bin/env bash
# On the GPU machine: issue 17's shapes outside the tuning database, the
# public suite's layers at M = 3, 24, 300, 1500
# (benchmarks/suites/llm-layers-unseen-m.txt), bf16 and f16 with B stored
# N x K and C in the input type, wgmma stage against cuBLAS (interleaved).
#   benchmarks/run-unseen-m.sh BINDIR OUTDIR
# OUTDIR/unseen-<dtype>-nt.{json,txt,command}: gemm-run --suite's table
# with the geomean per M and overall. Exits non-zero when a run fails.
# UNSEEN_DTYPES (default "bf16 f16") picks the input types.
set -uo pipefail
bin=$1 out=$2
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mkdir -p "$out"
status=0
for d in ${UNSEEN_DTYPES:-bf16 f16}; do
  cmd=("$bin/gemm-run" --suite "$repo/benchmarks/suites/llm-layers-unseen-m.txt" --stages=wgmma
       --dtype "$d" --out-dtype "$d" --layout nt --json "$out/unseen-$d-nt.json")
  echo "${cmd[*]}" > "$out/unseen-$d-nt.command"
  LD_LIBRARY_PATH=$bin timeout 280 "${cmd[@]}" > "$out/unseen-$d-nt.txt" 2>&1 || status=1
  grep -iE "geomean|worst" "$out/unseen-$d-nt.txt" | tail -6
done
exit $status
