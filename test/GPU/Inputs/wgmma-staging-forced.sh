#!/usr/bin/env bash
# Regenerates the ahead-of-time inputs of test/GPU/matmul-wgmma-staging.test
# (the GPU machine has gemm-run but no gemm-opt): the wgmma stage with
# padded staging forced by its option (staging=1) on problems too small for
# the heuristic to choose it, so that ragged edges of every kind run
# through the copy kernel and the tensor maps over padded rows:
#   wgmma-staging-17x33x65-f16    A and B copied, C zeroed (beta = 0)
#   wgmma-staging-17x33x65-bf16   A and B copied, C zeroed
#   wgmma-staging-300x301x299-f16 A and B copied, C accumulated (beta = 1)
#   wgmma-staging-130x8x77-bf16   only A copied (K = 77; N = 8 is aligned)
#   wgmma-staging-64x77x64-f16    only B copied (N = 77; K = 64 is aligned)
# Usage: test/GPU/Inputs/wgmma-staging-forced.sh [GEMM-OPT [OUTDIR]]
# (defaults: /tmp/build-staging/bin/gemm-opt, this directory).
# test/Pipelines/wgmma-staging-forced-inputs.test checks that the committed
# files are what this script makes.
set -euo pipefail
here=${2:-$(cd "$(dirname "$0")" && pwd)}
gemm_opt=${1:-/tmp/build-staging/bin/gemm-opt}
RUNGS="gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma"
gen() { # gen M N K DTYPE BETA
  local m=$1 n=$2 k=$3 t=$4 name="wgmma-staging-$1x$2x$3-$4"
  local fill=""
  [ "$5" = 0 ] && fill="  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<${m}x${n}xf32>)
"
  printf 'func.func @matmul(%%A: memref<%sx%sx%s>, %%B: memref<%sx%sx%s>, %%C: memref<%sx%sxf32>) {\n%s  linalg.matmul ins(%%A, %%B : memref<%sx%sx%s>, memref<%sx%sx%s>) outs(%%C : memref<%sx%sxf32>)\n  return\n}\n' \
    "$m" "$k" "$t" "$k" "$n" "$t" "$m" "$n" "$fill" "$m" "$k" "$t" "$k" "$n" "$t" "$m" "$n" |
    "$gemm_opt" --pass-pipeline="builtin.module(gemm-verify-input,func.func($RUNGS,gemm-wgmma{staging=1}),gemm-lower-to-ptx{chip=sm_90a},gemm-emit-kernels{ptx-file=$here/$name.ptx manifest-file=$here/$name.json stage=wgmma-staging-forced chip=sm_90a})" \
      -o /dev/null 2>/dev/null
}
gen 17 33 65 f16 0
gen 17 33 65 bf16 0
gen 300 301 299 f16 1
gen 130 8 77 bf16 0
gen 64 77 64 f16 0
