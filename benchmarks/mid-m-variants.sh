#!/usr/bin/env bash
# Ahead-of-time inputs of a wgmma plan sweep at mid M (issue 17; no GPU
# needed): each shape through the rungs up to mma (tiles: small-m=0), then
# the wgmma rung with each variant's options, lowered to PTX + manifest whose
# stage is the variant's name. Run on the GPU machine with
# benchmarks/run-variants-dir.sh (one gemm-run per shape, every variant a stage).
#   benchmarks/mid-m-variants.sh GEMM_OPT OUTDIR [SHAPES] [VARIANTS]
# SHAPES: "layout:MxNxK ..." (bf16); VARIANTS: "name=opt,opt,... ..." (options
# of --gemm-wgmma, ',' for ' '; "h=" is the heuristic plan).
# OUTDIR/<layout>-<shape>/<variant>.{ptx,json}; a variant the rung refuses
# leaves its diagnostic in <variant>.err instead.
set -euo pipefail
opt=$1 out=$2
shapes=${3:-}
variants=${4:-}
mkdir -p "$out"
tmp=$(mktemp -d)
for item in $shapes; do
  layout=${item%%:*} shape=${item#*:}
  "$(dirname "$0")/bf16-matmul-input.sh" "$layout" "$shape" "$tmp/in.mlir"
  "$opt" "$tmp/in.mlir" --gemm-specialize-contractions --gemm-verify-input --gemm-naive \
    --gemm-coalesce "--gemm-shared-memory-tiling=emit=false" "--gemm-register-tiling-1d=emit=false" \
    "--gemm-register-tiling-2d=emit=false" "--gemm-vectorize=emit=false" "--gemm-swizzle=emit=false" \
    "--gemm-multi-buffer=emit=false" "--gemm-warp-tiling=emit=false" \
    "--gemm-mma=chip=sm_90a emit=false small-m=0" -o "$tmp/planned.mlir"
  dir=$out/$layout-$shape
  mkdir -p "$dir"
  # The shipped stage pipeline, heuristics and small-M kernels included.
  "$opt" "$tmp/in.mlir" "--gemm-compile=stage=wgmma chip=sm_90a ptx-file=$dir/wgmma.ptx manifest-file=$dir/wgmma.json" -o /dev/null
  for v in $variants; do
    name=${v%%=*} opts=${v#*=}
    opts=${opts//,/ }
    if ! "$opt" "$tmp/planned.mlir" "--gemm-wgmma=chip=sm_90a emit=false $opts" \
        --gemm-emit-planned-kernels --gemm-lower-to-ptx=chip=sm_90a \
        "--gemm-emit-kernels=ptx-file=$dir/$name.ptx manifest-file=$dir/$name.json stage=$name chip=sm_90a" \
        -o /dev/null 2> "$dir/$name.err"; then
      rm -f "$dir/$name.ptx" "$dir/$name.json"
    else
      rm -f "$dir/$name.err"
    fi
  done
done
rm -rf "$tmp"
