#!/usr/bin/env bash
# Issue 4's 1000x999x777 (f32) on the warptile rung, one GPU run (no GPU
# needed here):
#   benchmarks/tile-sweep.sh [BUILDDIR] [SWEEPDIR]
# BUILDDIR defaults to build/, SWEEPDIR to .sweep/tile (git-ignored). Run
# there with benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR.
# Block and thread tiles without and with split-K, and the ring depth of the
# default 2-split kernel, for C accumulated into (1000x999x777) and zeroed
# (z1000x999x777, as gemm-run --shape). Measured (results/2026-11-30-tile-
# sweep): smaller tiles lose (64-78%); 2 stages 86.1 / 86.5% il against 4
# stages' 82.6 / 82.9 (24 K tiles per split), now the default below 32 K
# tiles per block. Options persist, so the variants set what they change.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep/tile}"
S=1000x999x777
cp "$root/test/Inputs/matmul-$S.mlir" "$out/inputs/"
sed 's/^  linalg.matmul/  %zero = arith.constant 0.0 : f32\n  linalg.fill ins(%zero : f32) outs(%C : memref<1000x999xf32>)\n  linalg.matmul/' \
  "$out/inputs/matmul-$S.mlir" > "$out/inputs/matmul-z$S.mlir"
for s in $S z$S; do
  gen_simt default $s "$(wt)"
  gen_simt b32x64-t4x4-sk1 $s "$(wt "" "" "" "" "block-m=32 block-n=64 thread-m=4 thread-n=4 warp-m=16 warp-n=32 split-k=1")"
  gen_simt b64x32-t4x4-sk1 $s "$(wt "" "" "" "" "block-m=64 block-n=32 thread-m=4 thread-n=4 warp-m=32 warp-n=16 split-k=1")"
  gen_simt b64x64-t4x4-sk1 $s "$(wt "" "" "" "" "block-m=64 block-n=64 thread-m=4 thread-n=4 warp-m=32 warp-n=16 split-k=1")"
  gen_simt b64x64-t4x4-sk2 $s "$(wt "" "" "" "" "block-m=64 block-n=64 thread-m=4 thread-n=4 warp-m=32 warp-n=16 split-k=2")"
  gen_simt b32x64-t4x4-sk2 $s "$(wt "" "" "" "" "block-m=32 block-n=64 thread-m=4 thread-n=4 warp-m=16 warp-n=32 split-k=2")"
  gen_simt sk2-s4 $s "$(wt "" "" "" "" "stages=4")"
  gen_simt sk2-s3 $s "$(wt "" "" "" "" "stages=3")"
  gen_simt sk2-s2 $s "$(wt "" "" "" "" "stages=2")"
  gen_simt b64x64-t8x8-sk4 $s "$(wt "" "" "" "" "thread-m=8 thread-n=8 warp-m=32 warp-n=64 split-k=4")"
done
ls "$out"/*.ptx 2>/dev/null | wc -l | xargs echo "variants kept:"
