#!/usr/bin/env bash
# Generates PTX + manifest pairs of tensor-core (mma rung) variants, no GPU
# needed; run them on the GPU with benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR.
#   benchmarks/mma-sweep.sh [BUILDDIR] [SWEEPDIR]
# Variants are gemm-mma plans (block/warp tile, K tile, stages) given as pass
# options over the warptile pipeline; a variant is kept only when
# `ptxas -arch=sm_90 -v` reports 0 spill bytes (SWEEPDIR/ptxas.txt).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep-mma}"

for t in f16 bf16; do
  scaled_input $t- 4096
  scaled_input $t- 8192
done
cp "$root/test/Inputs/matmul-4096x4096x4096.mlir" "$out/inputs/matmul-tf32-4096x4096x4096.mlir"

SIMT="gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling"

gen() { # gen VARIANT TYPE-SHAPE MMA-OPTIONS [GEMM-OPT FLAGS]
  local v=$1 input=$2 opts=$3 flags=${4-} base="$out/$1__$2"
  local tf32=""; case $input in tf32-*) tf32="allow-tf32=true ";; esac
  compile_variant "$base" "$v $input" "$out/inputs/matmul-$input.mlir" \
    "builtin.module(gemm-verify-input,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func($SIMT,gemm-mma{$tf32$opts}),gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{ptx-file=$base.ptx manifest-file=$base.json stage=$v chip=sm_90})" \
    sm_90 "$flags"
}

tile() { # tile BM BN BK WM WN STAGES [extra]
  echo "block-m=$1 block-n=$2 block-k=$3 warp-m=$4 warp-n=$5 stages=$6${7:+ $7}"
}
H4=f16-4096x4096x4096 B4=bf16-4096x4096x4096 H8=f16-8192x8192x8192
B8=bf16-8192x8192x8192 T4=tf32-4096x4096x4096
# f16 4096^3: block x warp tile x K tile x stages.
gen default          $H4 ""
gen b128x128k32w64x32s3 $H4 "$(tile 128 128 32 64 32 3)"
gen b128x128k64w64x32s3 $H4 "$(tile 128 128 64 64 32 3)"
gen b128x128k32w64x64s4 $H4 "$(tile 128 128 32 64 64 4)"
gen b128x128k32w32x64s4 $H4 "$(tile 128 128 32 32 64 4)"
gen b128x256k32w64x64s3 $H4 "$(tile 128 256 32 64 64 3)"
gen b128x256k32w64x64s4 $H4 "$(tile 128 256 32 64 64 4)"
gen b128x256k64w64x64s3 $H4 "$(tile 128 256 64 64 64 3)"
gen b256x128k32w64x64s3 $H4 "$(tile 256 128 32 64 64 3)"
gen b256x128k32w64x64s4 $H4 "$(tile 256 128 32 64 64 4)"
gen b256x128k64w64x64s3 $H4 "$(tile 256 128 64 64 64 3)"
gen b128x256k32w64x64s4g4 $H4 "$(tile 128 256 32 64 64 4 group-m=4)"
gen b128x256k32w64x64s4g16 $H4 "$(tile 128 256 32 64 64 4 group-m=16)"
gen b256x128k32w64x64s4g16 $H4 "$(tile 256 128 32 64 64 4 group-m=16)"
gen b128x128k64w64x64s3 $H4 "$(tile 128 128 64 64 64 3)"
gen b128x128k64w64x64s4 $H4 "$(tile 128 128 64 64 64 4)"
gen b128x128k32w64x64s6 $H4 "$(tile 128 128 32 64 64 6)"
gen b128x128k32w64x64s3 $H4 "$(tile 128 128 32 64 64 3)"
gen default-r128        $H4 "max-registers=128"
# The best-looking few in bf16 and at 8192^3.
for s in $B4 $H8 $B8; do
  gen default $s ""
  gen b128x128k32w64x64s4 $s "$(tile 128 128 32 64 64 4)"
  gen b128x128k64w64x64s3 $s "$(tile 128 128 64 64 64 3)"
  gen b128x256k32w64x64s4 $s "$(tile 128 256 32 64 64 4)"
  gen b256x128k32w64x64s4 $s "$(tile 256 128 32 64 64 4)"
  gen b128x256k64w64x64s3 $s "$(tile 128 256 64 64 64 3)"
  gen b256x128k64w64x64s3 $s "$(tile 256 128 64 64 64 3)"
done
# TF32 (f32 inputs, allow-tf32): K tile 16 or 32.
gen default             $T4 ""
gen b128x128k32w64x32s3 $T4 "$(tile 128 128 32 64 32 3)"
gen b128x256k16w64x64s4 $T4 "$(tile 128 256 16 64 64 4)"
gen b256x128k16w64x64s4 $T4 "$(tile 256 128 16 64 64 4)"
gen b128x128k16w64x64s4 $T4 "$(tile 128 128 16 64 64 4)"
gen b128x128k32w64x64s3 $T4 "$(tile 128 128 32 64 64 3)"
gen b128x128k16w64x64s6 $T4 "$(tile 128 128 16 64 64 6 max-registers=255)"
# 32-bit shared-memory pointers in the NVPTX backend (fewer registers).
SP=--nvptx-short-ptr
for s in $H4 $B4 $H8; do
  gen sp-default             $s "" $SP
  gen sp-b128x256k64w64x64s3 $s "$(tile 128 256 64 64 64 3)" $SP
  gen sp-b128x128k64w64x64s3 $s "$(tile 128 128 64 64 64 3)" $SP
  gen sp-b128x128k32w64x64s4 $s "$(tile 128 128 32 64 64 4)" $SP
done
gen sp-b256x128k64w64x64s3 $H4 "$(tile 256 128 64 64 64 3)" $SP
gen sp-b128x256k64w64x64s4 $H4 "$(tile 128 256 64 64 64 4)" $SP
gen sp-default             $T4 "" $SP
gen sp-b128x128k32w64x64s3 $T4 "$(tile 128 128 32 64 64 3)" $SP
gen sp-b128x256k32w64x64s3 $T4 "$(tile 128 256 32 64 64 3)" $SP
gen sp-b128x128k16w64x64s4 $T4 "$(tile 128 128 16 64 64 4)" $SP
ls "$out"/*.ptx 2>/dev/null | wc -l
