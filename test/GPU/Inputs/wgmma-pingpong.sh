#!/usr/bin/env bash
# Regenerates the ahead-of-time inputs of test/GPU/matmul-wgmma-pingpong.test
# (the GPU machine has gemm-run but no gemm-opt): the wgmma rung with
# ping-pong consumers (pingpong=1) on 5000x1000xK, ragged in M, N and K,
# with more tiles than 2 x 132 so that some blocks take 3 tiles (consumer 0
# two of them, consumer 1 one: the last turn arrive has no waiter) and
# others 2:
#   wgmma-pingpong-64x256-f16   K = 520, 64x256 tiles (79 x 4), 5 stages,
#                               C zeroed (beta = 0)
#   wgmma-pingpong-128x128-bf16 K = 520, 128x128 tiles (40 x 8), 6 stages,
#                               C += A * B (beta = 1)
#   wgmma-pingpong-short-k-f16  K = 40: one K step a tile, fewer than the
#                               4 stages, 128x128 tiles, beta = 0
# (those three store C from registers) and, with each consumer's C
# through its own two staging boxes and TMA stores (tma-store=1):
#   wgmma-pingpong-tma-64x256-f16      K = 520, 64x256 tiles, 4 stages
#   wgmma-pingpong-tma-short-k-bf16    K = 40, 128x128 tiles, 4 stages
# Usage: test/GPU/Inputs/wgmma-pingpong.sh [GEMM-OPT [OUTDIR]]
# (defaults: /tmp/build-pingpong/bin/gemm-opt, this directory).
# test/Pipelines/wgmma-pingpong-inputs.test checks that the committed files
# are what this script makes.
set -euo pipefail
here=${2:-$(cd "$(dirname "$0")" && pwd)}
gemm_opt=${1:-/tmp/build-pingpong/bin/gemm-opt}
RUNGS="gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma"
gen() { # gen NAME DTYPE K FILL(0/1) WGMMA-OPTIONS
  local name=$1 t=$2 k=$3 fill=
  [ "$4" = 1 ] && fill='  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<5000x1000xf32>)
'
  printf 'func.func @matmul(%%A: memref<5000x%sx%s>, %%B: memref<%sx1000x%s>, %%C: memref<5000x1000xf32>) {\n%s  linalg.matmul ins(%%A, %%B : memref<5000x%sx%s>, memref<%sx1000x%s>) outs(%%C : memref<5000x1000xf32>)\n  return\n}\n' \
    "$k" "$t" "$k" "$t" "$fill" "$k" "$t" "$k" "$t" |
    "$gemm_opt" --pass-pipeline="builtin.module(gemm-verify-input,func.func($RUNGS,gemm-wgmma{warp-specialized=1 persistent=1 warpgroups=2 max-registers=168 pingpong=1 $5}),gemm-lower-to-ptx{chip=sm_90a},gemm-emit-kernels{ptx-file=$here/$name.ptx manifest-file=$here/$name.json stage=wgmma-pingpong chip=sm_90a})" \
      -o /dev/null
}
gen wgmma-pingpong-64x256-f16 f16 520 1 "block-m=64 block-n=256 stages=5 tma-store=0"
gen wgmma-pingpong-128x128-bf16 bf16 520 0 "block-m=128 block-n=128 stages=6"
gen wgmma-pingpong-short-k-f16 f16 40 1 "block-m=128 block-n=128 stages=4 tma-store=0"
gen wgmma-pingpong-tma-64x256-f16 f16 520 1 "block-m=64 block-n=256 stages=4 tma-store=1"
gen wgmma-pingpong-tma-short-k-bf16 bf16 40 1 "block-m=128 block-n=128 stages=4 tma-store=1"
