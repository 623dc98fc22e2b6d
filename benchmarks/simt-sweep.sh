#!/usr/bin/env bash
# Generates PTX + manifest pairs of SIMT matmul variants (no GPU needed):
#   benchmarks/simt-sweep.sh [BUILDDIR] [SWEEPDIR]
# BUILDDIR defaults to build/, SWEEPDIR to .sweep (git-ignored).
# Each variant is a textual pipeline of rung passes with options; files are
# SWEEPDIR/<variant>__<shape>.{ptx,json}, the manifest's stage is the variant.
# A variant is kept only when `ptxas -arch=sm_90 -v` reports 0 spill bytes;
# SWEEPDIR/ptxas.txt lists registers and spills of every variant.
# Run the pairs on the GPU with benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep}"

# Inputs: the lit inputs (1000x999x777, 4097^3, 17x33x65 and 1x1x1 are
# memrefs accumulating into C, beta = 1), 8192^3 made from the 4096^3 one,
# and a tall-K small-output shape (16x4096x4096, beta = 0) for split-K.
for s in 4096x4096x4096 1000x999x777 4097x4097x4097 17x33x65 1x1x1; do
  cp "$root/test/Inputs/matmul-$s.mlir" "$out/inputs/"
done
scaled_input "" 8192
cat > "$out/inputs/matmul-16x4096x4096.mlir" <<'MLIR'
func.func @matmul(%A: tensor<16x4096xf32>, %B: tensor<4096x4096xf32>) -> tensor<16x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x4096xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x4096xf32>) -> tensor<16x4096xf32>
  %R = linalg.matmul ins(%A, %B : tensor<16x4096xf32>, tensor<4096x4096xf32>)
                     outs(%C : tensor<16x4096xf32>) -> tensor<16x4096xf32>
  return %R : tensor<16x4096xf32>
}
MLIR

# Rung pipelines: r2, vec, swz, mb, wt (sweep-common.sh); the swizzle rung
# takes no options here, so mb's and wt's third argument stays empty.
SMEM=$(smem_p)
R1=$(r1)
gen() { gen_simt "$@"; }

S4=4096x4096x4096 S8=8192x8192x8192 SO=1000x999x777 S7=4097x4097x4097
S17=17x33x65 S1=1x1x1 ST=16x4096x4096
# The sweep of 2026-11-29 (benchmarks/results/2026-11-29-simt-sweep, with
# its COMMAND) chose the defaults of vector..warptile; this one (issue 4's
# remaining gaps) measures:
# (1) current defaults of the rungs below their thresholds, both sizes;
gen smem        $S4 "$SMEM"
gen reg1d       $S4 "$R1"
gen reg2d       $S4 "$(r2)"
gen vector      $S4 "$(vec)"
gen warptile    $S4 "$(wt)"
gen smem        $S8 "$SMEM"
gen reg2d       $S8 "$(r2)"
gen vector      $S8 "$(vec)"
gen warptile    $S8 "$(wt)"
# (2) rung tweaks that keep each rung's structure:
# smem: its PTX is already what seed 000 v2 compiles to (A read as 128-bit
# broadcasts, B at immediate offsets, 4 loop instructions), no knob here.
# reg2d: the default is now capped at 128 registers with grouped order
# (two blocks per SM); reg2d-r0g0 is the previous default (167 registers,
# one block per SM), reg2d-g8-r0 isolates the grouped order (129
# registers), reg2d-bk16-g8-r0 halves the barriers per FMA. vector: the
# seed's BK = 8 and grouped order.
gen reg2d-r0g0           $S4 "$(r2 'max-registers=0 group-m=0')"
gen reg2d-g8-r0          $S4 "$(r2 'max-registers=0 group-m=8')"
gen reg2d-bk16-g8-r0     $S4 "$(r2 'block-k=16 max-registers=0 group-m=8')"
gen vector-bk8           $S4 "$(vec '' 'block-k=8')"
gen vector-g8            $S4 "$(vec '' 'group-m=8')"
gen reg2d-r0g0           $S8 "$(r2 'max-registers=0 group-m=0')"
gen vector-g8            $S8 "$(vec '' 'group-m=8')"
# (3) 1000x999x777: the default (64x64 tiles, 8x4 per thread, edge blocks
# pipelined) against the previous default (edge blocks synchronous, 78.1%
# in the 2026-11-29 ladder) and split-K plans (a second kernel sums the
# partials in order): 128x128 / 64x128 / 128x64 tiles with 2 splits give
# 128 / 256 / 256 blocks; 64x64 with 2 splits 512 blocks (128 registers: 4
# blocks per SM, one wave).
gen warptile             $SO "$(wt)"
gen wt-64x64-pe0         $SO "$(wt '' '' '' '' 'pipeline-edges=0')"
gen wt-128x128-sk2       $SO "$(wt '' '' '' '' 'block-m=128 block-n=128 thread-m=8 thread-n=8 split-k=2')"
gen wt-128x128-sk3       $SO "$(wt '' '' '' '' 'block-m=128 block-n=128 thread-m=8 thread-n=8 split-k=3')"
gen wt-64x128-sk2        $SO "$(wt '' '' '' '' 'block-m=64 block-n=128 thread-m=8 thread-n=8 split-k=2')"
gen wt-128x64-sk2        $SO "$(wt '' '' '' '' 'block-m=128 block-n=64 thread-m=8 thread-n=8 split-k=2')"
gen wt-64x64-sk2         $SO "$(wt '' '' '' '' 'split-k=2')"
gen wt-64x128            $SO "$(wt '' '' '' '' 'block-m=64 block-n=128 thread-m=8 thread-n=8')"
# (4) 4097^3: pipelined edge blocks (default) against synchronous ones.
gen warptile             $S7 "$(wt)"
gen wt-pe0               $S7 "$(wt '' '' '' '' 'pipeline-edges=0')"
# (5) correctness of the new paths on tiny / ragged shapes, and split-K's
# own shape class (16x4096x4096: 64 tiles of 64x64, default 3 splits).
gen warptile             $S1 "$(wt)"
gen warptile             $S17 "$(wt)"
gen wt-64x64-sk2         $S17 "$(wt '' '' '' '' 'split-k=2')"
gen wt-64x128-sk2        $S7 "$(wt '' '' '' '' 'block-m=64 block-n=128 thread-m=8 thread-n=8 split-k=2')"
gen warptile             $ST "$(wt)"
gen wt-sk1               $ST "$(wt '' '' '' '' 'split-k=1')"

n=$(ls "$out"/*.ptx 2>/dev/null | wc -l)
echo "$n variants in $out (ptxas summary: $out/ptxas.txt)"
