#!/usr/bin/env bash
# The wgmma rung's epilogue, one GPU run (no GPU needed here):
#   benchmarks/tma-store-sweep.sh [BUILDDIR] [SWEEPDIR]
# BUILDDIR defaults to build/, SWEEPDIR to .sweep/tma-store (git-ignored).
# Run there with benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR.
# tma: C through staging boxes and TMA stores (tma-store=1, the default of
# the warp-specialized kernel where C rows are 16-byte aligned and beta =
# 0); regs: 2-element global stores from registers (tma-store=0). f16,
# bf16 and TF32 (f32 inputs with allow-tf32, shapes tf32-*), including
# ragged M and N (TMA clips the boxes), all checked against cuBLAS.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep/tma-store}"

input() { # input TYPE M N K [CTYPE]: C = A * B, C zeroed; prints the shape
  local t=$1 ct=${5:-f32} name=$1
  [ "$t" = tf32 ] && t=f32
  [ "$ct" != f32 ] && name=$1-c$ct
  gemm_input "$name-$2x$3x$4" "$2" "$3" "$4" "$t" "$ct"
  echo "$name-$2x$3x$4"
}

for t in f16 bf16; do
  for s in "4096 4096 4096" "8192 8192 8192" "2048 2048 2048" "512 6144 4096" \
           "4000 4004 4096" "4095 4088 1000"; do
    shape=$(input $t $s)
    gen_wgmma tma "$shape" "tma-store=1"
    gen_wgmma regs "$shape" "tma-store=0"
  done
done
# f16 output (64-column boxes).
shape=$(input f16 4096 4096 4096 f16)
gen_wgmma tma "$shape" "tma-store=1"
gen_wgmma regs "$shape" "tma-store=0"
for s in "4096 4096 4096" "8192 8192 8192"; do
  shape=$(input tf32 $s)
  gen_wgmma tma "$shape" "tma-store=1"
  gen_wgmma regs "$shape" "tma-store=0"
done
ls "$out"/*.ptx 2>/dev/null | wc -l | xargs echo "variants kept:"
