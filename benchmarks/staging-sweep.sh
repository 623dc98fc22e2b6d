#!/usr/bin/env bash
# Generates PTX + manifest pairs of the wgmma stage on shapes whose rows are
# not 16-byte aligned, with and without padded staging (no GPU needed):
#   benchmarks/staging-sweep.sh [BUILDDIR] [SWEEPDIR]
# BUILDDIR defaults to build/, SWEEPDIR to .sweep-staging
# (git-ignored). Variants: `staged` (staging=1: copy kernel + TMA/wgmma),
# `mma` (staging=0: the mma.sync kernel with guarded scalar loads, the
# route before padded staging) and `default` (the heuristic's choice). A
# variant is kept only when `ptxas -arch=sm_90a -v` reports 0 spill bytes
# and neither C7508 nor C7520; SWEEPDIR/ptxas.txt lists them all.
# Run the pairs on the GPU with benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR;
# staged vs mma per shape decides chooseWgmmaStaging's threshold
# (GemmHeuristics.cpp; measured in results/2026-11-30-staging-tf32).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep-staging}"

for t in f16 bf16; do
  # Large (both operands staged; 4096x4097x4096 only B, 4096x4096x4097
  # only A), mid-size around the threshold, and small.
  for s in "4097 4097 4097" "4095 4097 4095" "4096 4097 4096" "4096 4096 4097" \
           "8191 8191 8191" "2049 2049 2049" "1000 999 777" "1025 1023 1021" \
           "513 511 509" "300 301 299" "17 33 65"; do
    set -- $s
    gemm_input "$t-$1x$2x$3" "$1" "$2" "$3" $t   # C f32, zeroed
    sh=$t-$1x$2x$3
    gen_wgmma staged $sh "staging=1"
    gen_wgmma mma $sh "staging=0"
    gen_wgmma default $sh ""
  done
  # 4097^3 has 33 x 17 = 561 tiles of 128x256 on 132 SMs (4.25 waves);
  # 128x128 tiles of two consumer warpgroups give 1089 (8.25 waves).
  for s in 4097x4097x4097 4095x4097x4095; do
    gen_wgmma staged-ws-128x128-s6 $t-$s "staging=1 warp-specialized=1 persistent=1 block-m=128 block-n=128 warpgroups=2 stages=6 max-registers=168"
  done
done
ls "$out"/*.ptx 2>/dev/null | wc -l | xargs echo "variants kept:"
