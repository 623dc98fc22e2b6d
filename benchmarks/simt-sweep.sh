#!/usr/bin/env bash
# Generates PTX + manifest pairs of SIMT matmul variants (no GPU needed):
#   benchmarks/simt-sweep.sh [BUILDDIR] [SWEEPDIR]
# BUILDDIR defaults to /tmp/build-simt, SWEEPDIR to .sweep (git-ignored).
# Each variant is a textual pipeline of rung passes with options; files are
# SWEEPDIR/<variant>__<shape>.{ptx,json}, the manifest's stage is the variant.
# A variant is kept only when `ptxas -arch=sm_90 -v` reports 0 spill bytes;
# SWEEPDIR/ptxas.txt lists registers and spills of every variant.
# Run the pairs on the GPU with benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-/tmp/build-simt}
out=${2:-$root/.sweep}
gemm_opt=$build/bin/gemm-opt
ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
mkdir -p "$out/inputs"
rm -f "$out"/*.ptx "$out"/*.json "$out/ptxas.txt"

# Inputs: the lit inputs, and 8192^3 made from the 4096^3 one.
for s in 4096x4096x4096 1000x999x777 4097x4097x4097; do
  cp "$root/test/Inputs/matmul-$s.mlir" "$out/inputs/"
done
sed 's/4096/8192/g' "$root/test/Inputs/matmul-4096x4096x4096.mlir" \
  > "$out/inputs/matmul-8192x8192x8192.mlir"

# Rung passes (func.func level). Options of a rung persist into later rungs,
# so e.g. reg2d's block tile or max-registers reach warptile.
SMEM="gemm-naive,gemm-coalesce,gemm-shared-memory-tiling"
R1="$SMEM,gemm-register-tiling-1d"
# rung helpers: r2 [REG2D-OPTS], vec [REG2D] [VECTOR], swz [REG2D] [VECTOR],
# mb [REG2D] [VECTOR] [MULTIBUFFER], wt [REG2D] [VECTOR] [MULTIBUFFER] [WARPTILE]
opts() { [ -n "$1" ] && echo "{$1}"; }
r2() { echo "$R1,gemm-register-tiling-2d$(opts "${1-}")"; }
vec() { echo "$(r2 "${1-}"),gemm-vectorize$(opts "${2-}")"; }
swz() { echo "$(vec "${1-}" "${2-}"),gemm-swizzle"; }
mb() { echo "$(swz "${1-}" "${2-}"),gemm-multi-buffer$(opts "${3-}")"; }
wt() { echo "$(mb "${1-}" "${2-}" "${3-}"),gemm-warp-tiling$(opts "${4-}")"; }

gen() { # gen VARIANT SHAPE FUNC-PIPELINE
  local v=$1 shape=$2 funcs=$3 base="$out/$1__$2"
  local pipeline="builtin.module(gemm-verify-input,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func($funcs),gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{ptx-file=$base.ptx manifest-file=$base.json stage=$v chip=sm_90})"
  if ! "$gemm_opt" "$out/inputs/matmul-$shape.mlir" --pass-pipeline="$pipeline" -o /dev/null 2> "$base.err"; then
    echo "SKIP $v $shape: gemm-opt failed: $(head -c 300 "$base.err")"; rm -f "$base".{ptx,json}; return
  fi
  rm -f "$base.err"
  local info; info=$("$ptxas" -arch=sm_90 -v "$base.ptx" -o /dev/null 2>&1)
  local regs spill
  regs=$(echo "$info" | sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' | sort -n | tail -1)
  spill=$(echo "$info" | sed -n 's/.*\([0-9][0-9]*\) bytes spill stores, \([0-9]*\) bytes spill loads.*/\1 \2/p' | awk '{s+=$1+$2} END {print s+0}')
  printf '%-34s %-16s regs %4s spill %s\n' "$v" "$shape" "$regs" "$spill" >> "$out/ptxas.txt"
  if [ -z "$regs" ] || [ "$spill" != 0 ] || echo "$info" | grep -q 'error'; then
    echo "SKIP $v $shape: ptxas regs=$regs spill=$spill"; rm -f "$base".{ptx,json}; return
  fi
}

S4=4096x4096x4096 S8=8192x8192x8192 SO=1000x999x777 S7=4097x4097x4097
# Current defaults of every rung (naive/coalesced left out).
gen smem        $S4 "$SMEM"
gen reg1d       $S4 "$R1"
gen reg2d       $S4 "$(r2)"
gen vector      $S4 "$(vec)"
gen swizzle     $S4 "$(swz)"
gen multibuffer $S4 "$(mb)"
gen warptile    $S4 "$(wt)"
# reg2d / vector / swizzle: 2 blocks per SM (128 registers), ld.global.nc, grouped order.
gen vector-r128          $S4 "$(vec max-registers=128)"
gen vector-ro            $S4 "$(vec '' read-only=1)"
gen vector-r128-ro-g8    $S4 "$(vec 'max-registers=128 group-m=8' read-only=1)"
gen swizzle-r128-ro      $S4 "$(swz max-registers=128 read-only=1)"
gen swizzle-bk16-r128-ro $S4 "$(swz 'block-k=16 max-registers=128' read-only=1)"
# multibuffer: K tile x stages, grouped order.
gen mb-bk8-s4            $S4 "$(mb '' '' 'stages=4')"
gen mb-bk16-s2           $S4 "$(mb '' '' 'block-k=16 stages=2')"
gen mb-bk16-s3           $S4 "$(mb '' '' 'block-k=16 stages=3')"
gen mb-bk16-s4           $S4 "$(mb '' '' 'block-k=16 stages=4')"
gen mb-bk16-s4-g8        $S4 "$(mb '' '' 'block-k=16 stages=4 group-m=8 max-registers=128')"
# warptile: K tile x stages, warp tile 64x32, block tiles 128x64 / 64x128.
gen wt-bk16-s3           $S4 "$(wt '' '' 'block-k=16 stages=3')"
gen wt-bk16-s4           $S4 "$(wt '' '' 'block-k=16 stages=4')"
gen wt-bk16-s4-g8        $S4 "$(wt '' '' 'block-k=16 stages=4' 'group-m=8 max-registers=128')"
gen wt-bk16-s4-g4        $S4 "$(wt '' '' 'block-k=16 stages=4' 'group-m=4 max-registers=128')"
gen wt-bk16-s4-g16       $S4 "$(wt '' '' 'block-k=16 stages=4' 'group-m=16 max-registers=128')"
gen wt-w64x32-bk16-s4-g8 $S4 "$(wt '' '' 'block-k=16 stages=4' 'warp-m=64 warp-n=32 group-m=8 max-registers=128')"
gen wt-128x64-bk16-s4-g8 $S4 "$(wt 'block-m=128 block-n=64' '' 'block-k=16 stages=4' 'group-m=8')"
gen wt-64x128-bk16-s4-g8 $S4 "$(wt 'block-m=64 block-n=128' '' 'block-k=16 stages=4' 'group-m=8')"
# 8192^3: the three most likely winners.
gen warptile             $S8 "$(wt)"
gen wt-bk16-s4-g8        $S8 "$(wt '' '' 'block-k=16 stages=4' 'group-m=8 max-registers=128')"
gen mb-bk16-s4-g8        $S8 "$(mb '' '' 'block-k=16 stages=4 group-m=8 max-registers=128')"
# 1000x999x777 (64 blocks of 128x128 on 132 SMs): smaller tiles.
gen warptile             $SO "$(wt)"
gen wt-128x128-bk16-s4   $SO "$(wt 'block-m=128 block-n=128 thread-m=8 thread-n=8' '' 'block-k=16 stages=4')"
gen wt-128x64-bk16-s4    $SO "$(wt 'block-m=128 block-n=64 thread-m=8 thread-n=8' '' 'block-k=16 stages=4')"
gen wt-64x128-bk16-s4    $SO "$(wt 'block-m=64 block-n=128 thread-m=8 thread-n=8' '' 'block-k=16 stages=4')"
gen wt-64x64-8x4-bk16-s4 $SO "$(wt 'block-m=64 block-n=64 thread-m=8 thread-n=4' '' 'block-k=16 stages=4')"
gen wt-64x128-bk8-s3     $SO "$(wt 'block-m=64 block-n=128 thread-m=8 thread-n=8' '' 'block-k=8 stages=3')"
# 4097^3 (odd everywhere: scalar accesses, 33x33 blocks of 128x128).
gen warptile             $S7 "$(wt)"
gen wt-g8                $S7 "$(wt '' '' '' 'group-m=8')"
gen wt-bk16-s4-g8        $S7 "$(wt '' '' 'block-k=16 stages=4' 'group-m=8')"
gen wt-128x64-bk16-s4-g8 $S7 "$(wt 'block-m=128 block-n=64 thread-m=8 thread-n=8' '' 'block-k=16 stages=4' 'group-m=8')"
gen wt-64x128-bk16-s4-g8 $S7 "$(wt 'block-m=64 block-n=128 thread-m=8 thread-n=8' '' 'block-k=16 stages=4' 'group-m=8')"
gen mb-bk16-s4-g8        $S7 "$(mb '' '' 'block-k=16 stages=4 group-m=8')"

n=$(ls "$out"/*.ptx 2>/dev/null | wc -l)
echo "$n variants in $out (ptxas summary: $out/ptxas.txt)"
