#!/usr/bin/env bash
# Issue 7: ping-pong consumers against the default (cooperative) wgmma
# kernel. Generates PTX + manifest pairs (no GPU needed):
#   benchmarks/wgmma-pingpong-sweep.sh [BUILDDIR] [SWEEPDIR]
# BUILDDIR defaults to build/, SWEEPDIR to .sweep-pingpong
# (git-ignored). Files are SWEEPDIR/<variant>__<shape>.{ptx,json}; the
# manifest's stage is the variant. Shapes: f16 and bf16 at 4096^3 and
# 8192^3. A variant is kept only when `ptxas -arch=sm_90a -v` reports 0
# spill bytes and neither C7508 nor C7520; SWEEPDIR/ptxas.txt lists
# registers and spills of every variant.
# Run the pairs on the GPU with benchmarks/run-sweep.sh BINDIR SWEEPDIR
# OUTDIR and compare the il%cuBLAS column (interleaved timing).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep-pingpong}"

for t in f16 bf16; do
  scaled_input $t- 4096
  scaled_input $t- 8192
done


# Producer warpgroup + 2 consumer warpgroups, persistent, 168-register cap
# with setmaxnreg 40 / 232 (as the default).
WS="warp-specialized=1 persistent=1 warpgroups=2 max-registers=168"
PP="$WS pingpong=1"
for t in f16 bf16; do
  for s in 4096x4096x4096 8192x8192x8192; do
    sh=$t-$s
    # The stage's default: cooperative 128x256x64 (each consumer 64 rows of
    # the same tile), 4 stages.
    gen_wgmma default $sh ""
    # Ping-pong (each consumer owns whole tiles, the two take turns):
    # 64x256 tiles (40 KB a stage) and 128x128 tiles (32 KB a stage), each
    # 128 f32 accumulators per thread.
    gen_wgmma pp-64x256-s4 $sh "$PP block-m=64 block-n=256 stages=4"
    gen_wgmma pp-64x256-s5 $sh "$PP block-m=64 block-n=256 stages=5"
    gen_wgmma pp-128x128-s5 $sh "$PP block-m=128 block-n=128 stages=5"
    gen_wgmma pp-128x128-s6 $sh "$PP block-m=128 block-n=128 stages=6"
    gen_wgmma pp-128x128-s7 $sh "$PP block-m=128 block-n=128 stages=7"
    # Ping-pong 64x256 with a wider tile group (grouped order over 16 rows
    # of 64-row tiles covers the same 1024 rows of A as the default's 8).
    gen_wgmma pp-64x256-s5-g16 $sh "$PP block-m=64 block-n=256 stages=5 group-m=16"
  done
done
ls "$out"/*.ptx 2>/dev/null | wc -l | xargs echo "variants kept:"
