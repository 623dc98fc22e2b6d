#!/usr/bin/env bash
# On the GPU machine: the concurrency checks of issue 14 over the inputs of
# benchmarks/concurrency-inputs.sh (INDIR), each gemm-run ahead-of-time with
# --repeat 2 --warmup 1 under benchmarks/concurrency-check.sh (PER_RUN_TIMEOUT 20 s).
#   benchmarks/concurrency-matrix.sh BINDIR INDIR OUTDIR [PAIR_ROUNDS] [QUAD_ROUNDS] [AB_ROUNDS]
# OUTDIR/ab-overlap.txt, ab-fixed.txt   pairs of TF32 4097^3 with the ring over
#                                       the mbarriers (as before the fix), then fixed
# OUTDIR/pairs-*.txt                    2 processes, PAIR_ROUNDS (default 10) rounds
# OUTDIR/quads-*.txt                    4 processes, QUAD_ROUNDS (default 18) rounds
# OUTDIR/summary.txt                    each log's last line, and the total over
#                                       the pairs and quads (the fixed kernels)
# CHECKS (space-separated log names without .txt, e.g. "pairs-layouts
# quads-layouts") runs only those checks.
set -uo pipefail
bin=$1 in=$2 out=$3 pair_rounds=${4:-10} quad_rounds=${5:-18} ab_rounds=${6:-8}
here=$(cd "$(dirname "$0")" && pwd)
export PER_RUN_TIMEOUT=${PER_RUN_TIMEOUT:-20}
mkdir -p "$out"
args() { # NAME[:PTX-SUFFIX] (NAME:-overlap: the pre-fix layout)
  local name=${1%%:*} suffix="" extra=""
  [ "$name" = "$1" ] || suffix=${1#*:}
  case $name in tf32-*) extra="--tf32" ;; esac
  echo "--ptx $in/$name$suffix.ptx --manifest $in/$name.json $extra --repeat 2 --warmup 1"
}
check() { # LOG ROUNDS NAME[:PTX-SUFFIX]...
  local log=$out/$1 rounds=$2; shift 2
  if [ -n "${CHECKS:-}" ] && [[ " $CHECKS " != *" $(basename "$log" .txt) "* ]]; then return 0; fi
  local a=()
  for n in "$@"; do a+=("$(args "$n")"); done
  bash "$here/concurrency-check.sh" "$bin" "$rounds" "${a[@]}" > "$log" 2>&1
  echo "$(basename "$log" .txt) ($*): $(tail -1 "$log")" | tee -a "$out/summary.txt"
}
: > "$out/summary.txt"
if [ "$ab_rounds" -gt 0 ]; then
  check ab-overlap.txt "$ab_rounds" tf32-4097:-overlap tf32-4097:-overlap
  check ab-fixed.txt "$ab_rounds" tf32-4097 tf32-4097
fi
check pairs-staged.txt "$pair_rounds" bf16-4097 f16-4097
check pairs-tf32.txt "$pair_rounds" tf32-4097 tf32-4096
check pairs-mixed.txt "$pair_rounds" bf16-1000x999x777 f16-4096
check quads-4097.txt "$quad_rounds" bf16-4097 f16-4097 tf32-4097 tf32-4096
check quads-mixed.txt "$quad_rounds" tf32-4097 bf16-1000x999x777 f16-4096 f16-4096x4097x4096
check pairs-layouts.txt "$pair_rounds" bf16-nt-4096 f16-tt-4097
check quads-layouts.txt "$quad_rounds" bf16-nt-4096 f16-tt-4097 bf16-nt-1x8192x28672 tf32-4097
check pairs-small-m.txt "$pair_rounds" bf16-nt-8x28672x8192 f16-nn-16x28672x1024
check pairs-few-waves.txt "$pair_rounds" bf16-nt-37x4096x4104 bf16-nt-130x6144x4096
check quads-few-waves.txt "$quad_rounds" bf16-nt-37x4096x4104 bf16-nt-130x6144x4096 bf16-nt-8x28672x8192 bf16-4097
check quads-small-m-batch.txt "$quad_rounds" bf16-nt-8x28672x8192 f16-nn-16x28672x1024 bf16-nt-b32-2048x2048x128 bf16-4097
cat "$out"/pairs-*.txt "$out"/quads-*.txt | awk '
  /^round/ { n++; if ($6 != 0) bad++ }
  END { printf "pairs and quads, fixed kernels: failed or timed out: %d of %d runs\n", bad, n }' \
  | tee -a "$out/summary.txt"
