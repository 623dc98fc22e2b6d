#!/usr/bin/env bash
# Generates PTX + manifest pairs of softmax-rows variants (no GPU needed):
#   benchmarks/softmax-cluster-sweep.sh [BUILDDIR] [SWEEPDIR]
# BUILDDIR defaults to build/, SWEEPDIR to .sweep-softmax
# (git-ignored). For the long-row shapes of issue 5 it compiles softmax-rows
# with the cluster size forced (cluster-size=1: the block-per-row hybrid /
# shared plans; 2, 4, 8: a thread-block cluster per row) and by default
# (variant "rows"), in f32, f16 and bf16. Files are
# SWEEPDIR/<variant>__<shape>-<dtype>.{ptx,json}; a variant is kept only
# when `ptxas -arch=sm_90 -v` reports 0 spill bytes (SWEEPDIR/ptxas.txt
# lists registers and spills of every variant).
# Run the pairs on the GPU with benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR
# (softmax lines show GB/s and % of the same-run copy bandwidth).
# SHAPES (default "1024x131072 4096x32768 64x262144 3x200000 256x65536")
# and DTYPES (default "f32 f16 bf16") override the problems.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep-softmax}"

for dtype in ${DTYPES:-f32 f16 bf16}; do
  for shape in ${SHAPES:-1024x131072 4096x32768 64x262144 3x200000 256x65536}; do
    gen_softmax rows "$shape" "$dtype" ""
    for c in 1 2 4 8; do
      gen_softmax "cluster$c" "$shape" "$dtype" "{cluster-size=$c}"
    done
  done
done

n=$(ls "$out"/*.ptx 2>/dev/null | wc -l)
echo "$n variants in $out (ptxas summary: $out/ptxas.txt)"
