#!/usr/bin/env bash
# On the GPU machine: the A/B of the tensor-map fence (issue 14). For each
# problem given, ROUNDS rounds of PROCS concurrent AOT gemm-runs of the PTX
# without the fence, then of the PTX with it, alternating per problem so that
# both see the same machine state; inputs from tensormap-fence-inputs.sh.
#   benchmarks/tensormap-fence-ab.sh BINDIR INDIR OUTDIR ROUNDS PROCS NAME...
# Writes OUTDIR/NAME-{nofence,fence}.txt (concurrency-check.sh's lines).
set -uo pipefail
bin=$1 in=$2 out=$3 rounds=$4 procs=$5
shift 5
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
for name in "$@"; do
  extra=""
  case $name in tf32-*) extra="--tf32" ;; esac
  for variant in nofence fence; do
    a="--ptx $in/$name-$variant.ptx --manifest $in/$name.json $extra --repeat 3"
    args=()
    for _ in $(seq 1 "$procs"); do args+=("$a"); done
    bash "$here/concurrency-check.sh" "$bin" "$rounds" "${args[@]}" > "$out/$name-$variant.txt" 2>&1
    echo "$name $variant: $(tail -1 "$out/$name-$variant.txt")"
  done
done
