#!/usr/bin/env bash
# Issue 4's remaining f32 SIMT gaps, one GPU run (no GPU needed here):
#   benchmarks/simt-staging-sweep.sh [BUILDDIR] [SWEEPDIR]
# BUILDDIR defaults to build/, SWEEPDIR to .sweep (git-ignored).
# Writes SWEEPDIR/<variant>__<shape>.{ptx,json} (ptxas-checked, 0 spills;
# SWEEPDIR/ptxas.txt), to be run there by
#   benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR
# (A) 1000x999x777 and 4097^3, the rungs from vector on: padded staging
#     copies of the operands whose rows are not 16-byte aligned (the
#     *-sb0 / *-st0 variants without; split-K partials have rows padded to
#     16 bytes in every variant), and block / thread tiles and splits for
#     1000x999x777 (132 SMs). Measured (results/2026-11-30-sweeps-s3):
#     copies pay only on the synchronous rungs, now the default.
# (B) smem and reg1d at 4096^3 and 8192^3: ld.global.nc (*-ro0 without;
#     no difference measured) and reg1d-r32, at most 32 registers (44
#     without a cap), so 4 blocks of 512 threads share an SM instead of 2:
#     33.8 -> 40.0% of cuBLAS, now the default on whole tiles.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep}"
for s in 4096x4096x4096 1000x999x777 4097x4097x4097; do
  cp "$root/test/Inputs/matmul-$s.mlir" "$out/inputs/"
done
scaled_input "" 8192
g() { gen_simt "$@"; }
S4=4096x4096x4096 S8=8192x8192x8192 SO=1000x999x777 S7=4097x4097x4097
NO='stage-a=0 stage-b=0'

# (A) 1000x999x777. Defaults: vector/swizzle copy A and B (their loads are
# synchronous 128-bit loads), multibuffer/warptile only B (the cp.async ring
# copies the transposed A tile 4 bytes at a time anyway).
g vector              $SO "$(vec)"
g vector-st0          $SO "$(vec '' "$NO")"
g multibuffer         $SO "$(mb)"
g multibuffer-st0     $SO "$(mb '' '' '' "$NO")"
# warptile: 64x64 tiles, 8x4 per thread, 2 K splits (+ B copied).
g warptile            $SO "$(wt)"
g wt-sb0              $SO "$(wt '' '' '' '' "$NO")"
g wt-sa1              $SO "$(wt '' '' '' '' 'stage-a=1')"
# 4x4 per thread (256 threads, 8 warps a block): 256 blocks fill the SMs
# with 16 warps each without splitting K (no reduction kernel).
g wt-4x4-sk1          $SO "$(wt '' '' '' '' 'block-m=64 block-n=64 thread-m=4 thread-n=4 split-k=1')"
g wt-4x4-sk1-sb0      $SO "$(wt '' '' '' '' "block-m=64 block-n=64 thread-m=4 thread-n=4 split-k=1 $NO")"
g wt-4x4-sk2          $SO "$(wt '' '' '' '' 'block-m=64 block-n=64 thread-m=4 thread-n=4 split-k=2')"
g wt-128x64-sk2       $SO "$(wt '' '' '' '' 'block-m=128 block-n=64 thread-m=8 thread-n=8 split-k=2')"
# 4097^3 (must stay >= 85%): 64x128 tiles, 8x8 per thread, 2 splits (+ B
# copied); 128x128 tiles once B's loads are 128-bit.
g warptile            $S7 "$(wt)"
g wt-sb0              $S7 "$(wt '' '' '' '' "$NO")"
g wt-128x128-sk1      $S7 "$(wt '' '' '' '' 'block-m=128 block-n=128 thread-m=8 thread-n=8 split-k=1')"
g wt-128x128-sk2      $S7 "$(wt '' '' '' '' 'block-m=128 block-n=128 thread-m=8 thread-n=8 split-k=2')"

# (B) smem and reg1d.
for s in $S4 $S8; do
  g smem              $s "$(smem_p)"
  g smem-ro0          $s "$(smem_p 'read-only=0')"
  g reg1d             $s "$(r1)"
  g reg1d-ro0         $s "$(r1 '' 'read-only=0')"
  g reg1d-r32         $s "$(r1 '' 'max-registers=32')"
done

n=$(ls "$out"/*.ptx 2>/dev/null | wc -l)
echo "$n variants in $out (ptxas summary: $out/ptxas.txt)"
