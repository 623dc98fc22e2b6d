#!/usr/bin/env bash
# The last open gaps of issues 5 and 7, one GPU run (no GPU needed here):
#   benchmarks/tail-sweep.sh [BUILDDIR] [SWEEPDIR]
# softmax-rows on 1024x131072 (f16 at 80%, f32 at 90% of copy with the
# default cluster plans): other cluster sizes and block sizes, ftz exp;
# wgmma at 4096^3 f16/bf16 (94.7% interleaved): grouped order over 4 or
# 16 block rows, 256x128 tiles (two consumers of 128 rows), 3 stages.
# Run there with benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR; compare
# each variant with `default` of the same shape (%copy, il%cuBLAS).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep/tail}"

L=1024x131072
gen_softmax default $L f16 ""
gen_softmax default $L f32 ""
for c in 2 4 8; do
  for t in 256 512 1024; do
    gen_softmax c$c-t$t $L f16 "{cluster-size=$c cluster-threads=$t exp-ftz=1}"
  done
done
gen_softmax c8-t512 $L f32 "{cluster-size=8 cluster-threads=512 exp-ftz=1}"
gen_softmax c4-t512 $L f32 "{cluster-size=4 cluster-threads=512 exp-ftz=1}"
gen_softmax c8-t256 $L f32 "{cluster-size=8 cluster-threads=256 exp-ftz=1}"

gen() { # gen VARIANT TYPE WGMMA-OPTIONS (4096^3)
  cp "$root/test/Inputs/matmul-$2-4096x4096x4096.mlir" "$out/inputs/"
  gen_wgmma "$1" "$2-4096x4096x4096" "$3"
}
WS="warp-specialized=1 persistent=1 warpgroups=2 max-registers=168"
for t in f16 bf16; do
  gen default $t ""
  gen g4 $t "group-m=4"
  gen g16 $t "group-m=16"
  gen 256x128 $t "$WS block-m=256 block-n=128 stages=4"
  gen 128x256-s3 $t "$WS block-m=128 block-n=256 stages=3"
done
ls "$out"/*.ptx 2>/dev/null | wc -l | xargs echo "variants kept:"
