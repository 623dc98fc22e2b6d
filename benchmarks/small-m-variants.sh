#!/usr/bin/env bash
# Ahead-of-time inputs of a swap-AB plan sweep (issue 17; no GPU needed):
# each shape planned by the mma rung, its #gemm_opt.swap_ab_plan replaced
# by each variant, then built and lowered to PTX + manifest. Run them on the
# GPU machine with benchmarks/run-aot-dir.sh.
#   benchmarks/small-m-variants.sh BUILDDIR OUTDIR [SHAPES] [VARIANTS]
# SHAPES: "layout:MxNxK ..." (bf16); VARIANTS: "k_warps,row_tiles,unroll ...".
# OUTDIR/<layout>-<shape>-w<k_warps>r<row_tiles>u<unroll>.{ptx,json}.
# With STAGE_PREFIX=P (e.g. the build's name): OUTDIR/<layout>-<shape>/
# Pw<k_warps>r<row_tiles>u<unroll>.{ptx,json}, the stage named so, for
# benchmarks/run-variants-dir.sh (two builds' variants in one gemm-run,
# timed interleaved).
set -euo pipefail
build=$1 out=$2
shapes=${3:-"nt:8x28672x8192 nt:8x8192x8192 nt:32x8192x8192 nt:64x8192x8192 nn:8x28672x8192 nn:32x8192x8192"}
variants=${4:-"8,1,1 8,1,2 8,1,4 4,1,4 16,1,2 8,2,2 8,4,1 8,4,2 16,2,1"}
opt=$build/bin/gemm-opt
mkdir -p "$out"
tmp=$(mktemp -d)
for item in $shapes; do
  layout=${item%%:*} shape=${item#*:}
  "$(dirname "$0")/bf16-matmul-input.sh" "$layout" "$shape" "$tmp/in.mlir"
  "$opt" "$tmp/in.mlir" --gemm-specialize-contractions --gemm-verify-input --gemm-naive \
    --gemm-coalesce --gemm-shared-memory-tiling --gemm-register-tiling-1d --gemm-register-tiling-2d \
    --gemm-vectorize --gemm-swizzle --gemm-multi-buffer --gemm-warp-tiling \
    "--gemm-mma=chip=sm_90a emit=false small-m=1" -o "$tmp/planned.mlir" 2> /dev/null
  for v in $variants; do
    IFS=, read -r kw rt u <<< "$v"
    name=$layout-$shape-w${kw}r${rt}u$u stage=wgmma
    if [ -n "${STAGE_PREFIX:-}" ]; then
      stage=${STAGE_PREFIX}w${kw}r${rt}u$u
      name=$layout-$shape/$stage
      mkdir -p "$out/$layout-$shape"
    fi
    sed "s/#gemm_opt.swap_ab_plan<[^>]*>/#gemm_opt.swap_ab_plan<k_warps = $kw, row_tiles = $rt, unroll = $u>/" \
      "$tmp/planned.mlir" > "$tmp/variant.mlir"
    "$opt" "$tmp/variant.mlir" --gemm-emit-planned-kernels --gemm-lower-to-ptx=chip=sm_90a \
      "--gemm-emit-kernels=ptx-file=$out/$name.ptx manifest-file=$out/$name.json stage=$stage chip=sm_90a" \
      -o /dev/null
  done
done
rm -rf "$tmp"
