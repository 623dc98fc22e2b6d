#!/usr/bin/env bash
# Generates PTX + manifest pairs of softmax-rows' cluster plans with several
# blocks per SM (issue 5) next to the current default (no GPU needed):
#   benchmarks/softmax-blocks-sweep.sh [BUILDDIR] [SWEEPDIR]
# BUILDDIR defaults to build/, SWEEPDIR to .sweep/softmax-blocks
# (git-ignored). Variants: "rows" (the default plan) and cC-tT-bB: a cluster
# of C blocks of T threads per row with cluster-blocks-per-sm=B (registers
# capped at 65536 / (B x T), f16 slices packed where f32 ones do not fit),
# so that one block's loads overlap the others' reductions and stores.
# A CUDA prototype of the same plan (c4, 256 threads, 16 vectors per thread,
# three blocks per SM) reached 90.1% of copy bandwidth at 1024x131072 f16
# against 80.0% for its one-block-per-SM form (2 x 1024 threads). A variant
# is kept only when ptxas reports 0 spill bytes (SWEEPDIR/ptxas.txt).
# Run them with benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep/softmax-blocks}"

# var SHAPE DTYPE C T B
var() {
  gen_softmax "c$3-t$4-b$5" "$1" "$2" \
    "{cluster-size=$3 cluster-threads=$4 cluster-blocks-per-sm=$5}"
}

L=1024x131072
for dtype in f16 f32; do
  gen_softmax rows $L $dtype ""
done
# f16 (packed: 8 halves in 4 registers): 16 vectors per thread at c4-t256,
# c8-t128; 8 at c4-t512, c8-t256; 32 at c2-t256.
var $L f16 4 256 3
var $L f16 4 256 2
var $L f16 8 128 6
var $L f16 8 128 4
var $L f16 4 512 2
var $L f16 8 256 4
var $L f16 8 256 3
var $L f16 2 256 2
# f32 (4 floats per vector): 16 vectors per thread at c8-t256; 8 at c8-t512.
var $L f32 8 256 3
var $L f32 8 256 2
var $L f32 8 512 2
var $L f32 8 128 4
# A block per row stays the default where it holds the row.
for dtype in f32 f16; do
  gen_softmax rows 4096x32768 $dtype ""
  var 4096x32768 $dtype 2 256 3
done

n=$(ls "$out"/*.ptx 2>/dev/null | wc -l)
echo "$n variants in $out (ptxas summary: $out/ptxas.txt)"
